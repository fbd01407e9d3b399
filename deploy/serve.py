"""The production recipe: gunicorn's sync workers behind a buffering nginx, on one port.

    python deploy/serve.py [--port 8000] [--host 127.0.0.1] [--run-dir DIR]

(``make serve`` runs this with the project's virtual environment.) gunicorn listens
on a Unix socket in the run folder, so nothing reaches it but nginx; nginx listens on
``host:port`` with deploy/nginx.conf, filled in for this run folder. The run folder
also holds gunicorn's control socket (``gunicornc -s DIR/gunicorn.ctl``), nginx's pid
file, logs and temporary files; without ``--run-dir`` it is a new temporary folder,
removed at exit. Each instance has its own, so several can run side by side.

Stops both on SIGINT or SIGTERM, and stops the other if either exits.
"""

from __future__ import annotations

import argparse
import grp
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
NGINX_TEMPLATE = Path(__file__).resolve().parent / "nginx.conf"
# Debian installs nginx in /usr/sbin, which is not on every user's PATH.
NGINX_PLACES = ("/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx")
GUNICORN_SOCKET = "gunicorn.sock"
CONTROL_SOCKET = "gunicorn.ctl"
#: What nginx's worker processes run as when it is started as root.
UNPRIVILEGED_USER = "nobody"


class ServeError(Exception):
    """The recipe could not be started; the message says what to fix."""


def find_nginx() -> str | None:
    """The nginx binary: $BOGGLE_NGINX, else nginx on PATH or where Debian puts it."""
    configured = os.environ.get("BOGGLE_NGINX")
    if configured:
        return configured
    return shutil.which("nginx") or next((p for p in NGINX_PLACES if os.access(p, os.X_OK)), None)


def nginx_config(run_dir: Path, listen: str, deadline: float = 2.8) -> str:
    """deploy/nginx.conf filled in for this run folder and address."""
    user = ""
    if os.geteuid() == 0:
        # As root, nginx's workers would otherwise run as whatever it was built with;
        # name an unprivileged user, which then needs to reach gunicorn's socket.
        entry = pwd.getpwnam(UNPRIVILEGED_USER)
        user = f"user {entry.pw_name} {grp.getgrgid(entry.pw_gid).gr_name};"
    return (
        NGINX_TEMPLATE.read_text()
        .replace("@USER@", user)
        .replace("@RUN_DIR@", str(run_dir))
        .replace("@LISTEN@", listen)
        .replace("@DEADLINE@", str(round(deadline * 1000)))
    )


def gunicorn_command() -> list[str]:
    """gunicorn from this interpreter's environment, with the project's settings."""
    return [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "app:create_app()"]


def wait_for(path: Path, process: subprocess.Popen, what: str, seconds: float) -> None:
    """Wait until ``path`` exists, or fail if ``process`` exits or time runs out."""
    deadline = time.monotonic() + seconds
    while not path.exists():
        if process.poll() is not None:
            raise ServeError(f"{what} exited with status {process.returncode} while starting")
        if time.monotonic() > deadline:
            raise ServeError(f"{what} did not start within {seconds:.0f} s")
        time.sleep(0.05)


def _check_reachable(run_dir: Path) -> None:
    """Fail unless nginx's unprivileged workers can pass through every folder above."""
    for folder in run_dir.resolve().parents:
        if not folder.stat().st_mode & 0o001:
            raise ServeError(
                f"nginx's workers run as {UNPRIVILEGED_USER} and cannot pass through {folder}; "
                "choose a run folder that every user can reach (for example under /tmp)"
            )


def _check_not_running(run_dir: Path) -> None:
    """Fail if an instance whose nginx is alive already uses this run folder."""
    try:
        pid = int((run_dir / "nginx.pid").read_text())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return  # no pid file, or its process is gone: the folder is free
    raise ServeError(f"another instance is running in {run_dir} (nginx pid {pid})")


class Recipe:
    """gunicorn and nginx, started together in one run folder and stopped together."""

    def __init__(
        self,
        host: str,
        port: int,
        run_dir: Path | None = None,
        env: Mapping[str, str] | None = None,
        deadline: float = 2.8,
    ) -> None:
        self.env = dict(env or {})  # for gunicorn and the app, on top of os.environ
        self.deadline = deadline  # seconds; a later answer is replaced by 503 server_busy
        self.listen = f"{host}:{port}" if ":" not in host else f"[{host}]:{port}"
        self.temporary = run_dir is None
        self.run_dir = (
            Path(tempfile.mkdtemp(prefix="boggle-serve-")) if run_dir is None else run_dir
        )
        self.gunicorn: subprocess.Popen | None = None
        self.nginx: subprocess.Popen | None = None

    @property
    def control_socket(self) -> Path:
        """gunicorn's control socket (``show config``, ``show workers``)."""
        return self.run_dir / CONTROL_SOCKET

    def start(self, gunicorn_log: IO[bytes] | None = None) -> None:
        """Start gunicorn, wait for its socket, then start nginx in front of it."""
        nginx = find_nginx()
        if nginx is None:
            raise ServeError("nginx is not installed (Debian: apt-get install nginx)")
        self.run_dir.mkdir(parents=True, exist_ok=True)
        (self.run_dir / "tmp").mkdir(exist_ok=True)
        if os.geteuid() == 0:
            self.run_dir.chmod(0o711)  # nginx's unprivileged workers reach the socket
            _check_reachable(self.run_dir)
        _check_not_running(self.run_dir)
        for stale in (GUNICORN_SOCKET, CONTROL_SOCKET, "nginx.pid"):
            (self.run_dir / stale).unlink(missing_ok=True)
        env = {
            **os.environ,
            **self.env,
            "BOGGLE_BIND": f"unix:{self.run_dir / GUNICORN_SOCKET}",
            "BOGGLE_CONTROL_SOCKET": str(self.control_socket),
        }
        self.gunicorn = subprocess.Popen(
            gunicorn_command(), cwd=ROOT, env=env, stdout=gunicorn_log, stderr=gunicorn_log
        )
        wait_for(self.run_dir / GUNICORN_SOCKET, self.gunicorn, "gunicorn", 120)
        # Opened after the workers are forked: once it is there, so are they.
        wait_for(self.control_socket, self.gunicorn, "gunicorn's control socket", 60)
        config = self.run_dir / "nginx.conf"
        config.write_text(nginx_config(self.run_dir, self.listen, self.deadline))
        self.nginx = subprocess.Popen(
            [
                nginx,
                "-p",
                str(self.run_dir),
                "-c",
                str(config),
                "-e",
                str(self.run_dir / "nginx-error.log"),
            ]
        )
        try:
            wait_for(self.run_dir / "nginx.pid", self.nginx, "nginx", 30)
        except ServeError as error:
            log = (self.run_dir / "nginx-error.log").read_text(errors="replace").strip()
            raise ServeError(f"{error}: {log.splitlines()[-1] if log else 'no log'}") from None

    def stop(self, quick: bool = False) -> None:
        """Stop nginx, then gunicorn; remove a temporary run folder.

        Gracefully by default: each finishes the requests it has. ``quick`` drops them.
        """
        gunicorn_signal = signal.SIGINT if quick else signal.SIGTERM
        for process, sig in ((self.nginx, signal.SIGQUIT), (self.gunicorn, gunicorn_signal)):
            if process is not None and process.poll() is None:
                process.send_signal(sig)
                try:
                    process.wait(timeout=25)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        if self.temporary:
            shutil.rmtree(self.run_dir, ignore_errors=True)

    def wait(self) -> int:
        """Block until either process exits; its status."""
        while True:
            for process in (self.gunicorn, self.nginx):
                if process is not None and process.poll() is not None:
                    return process.returncode
            time.sleep(0.5)

    def __enter__(self) -> Recipe:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def main() -> int:
    """Start the recipe and run until told to stop."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1", help="address nginx listens on")
    parser.add_argument("--port", type=int, default=8000, help="port nginx listens on")
    parser.add_argument("--run-dir", type=Path, help="sockets, pid file, logs (default: temporary)")
    parser.add_argument(
        "--deadline",
        type=float,
        default=2.8,
        help="seconds to answer in; later, nginx answers 503 server_busy (default 2.8)",
    )
    args = parser.parse_args()

    def stop_running(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop_running)
    run_dir = args.run_dir.resolve() if args.run_dir else None
    recipe = Recipe(args.host, args.port, run_dir, deadline=args.deadline)
    try:
        recipe.start()
        print(
            f"serving on http://{recipe.listen} (nginx -> gunicorn); run folder {recipe.run_dir}",
            file=sys.stderr,
            flush=True,
        )
        status = recipe.wait()
        print(f"a server process exited with status {status}; stopping", file=sys.stderr)
        return 1
    except ServeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        recipe.stop()


if __name__ == "__main__":
    sys.exit(main())
