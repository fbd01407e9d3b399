"""The native search core, built by ``pip install -e .`` (``make run``, ``make test``).

The extension is optional: where no C compiler is found, setuptools says so, the
install still succeeds, and boggle.solver runs the pure-Python search instead (and
says so once at start-up). Everything else about the package is in pyproject.toml.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "boggle._native",
            sources=["boggle/_native.c"],
            # The walk, included by _native.c (and by the page's WebAssembly build).
            depends=["boggle/walk.c"],
            optional=True,
            extra_compile_args=["-O2", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter"],
        )
    ]
)
