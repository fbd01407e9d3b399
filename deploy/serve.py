"""The production recipe: gunicorn's sync workers behind a buffering nginx, on one port.

    python deploy/serve.py [--port 8000] [--host 127.0.0.1] [--run-dir DIR]
                           [--tls-cert FILE --tls-key FILE] [--app-servers N]

(``make serve`` runs this with the project's virtual environment.) gunicorn listens
on a Unix socket in the run folder, so nothing reaches it but nginx; nginx listens on
``host:port`` with deploy/nginx.conf, filled in for this run folder. The run folder
also holds gunicorn's control socket (``gunicornc -s DIR/gunicorn.ctl``), nginx's pid
file, logs, temporary files and nginx's own error answers (``edge/``, web/edge.py);
without ``--run-dir`` it is a new temporary folder, removed at exit. Each instance has
its own, so several can run side by side.

``--tls-cert`` and ``--tls-key`` have nginx end TLS (https on ``host:port``); the app
believes nginx's word that the request came over TLS (PROXY_HOPS=1, set here), so its
links say https, the room's cookie is Secure and answers carry HSTS.

``--app-servers N`` starts N gunicorn masters, each on a loopback port of its own and
with its own control socket (``gunicorn-1.ctl``...), standing in for N machines behind
one nginx; they must share one database (BOGGLE_DATABASE_URL, PostgreSQL), as the
rooms keep nothing in a process (docs/deploy.md, "Scaling out").

Stops every process on SIGINT or SIGTERM, and the others if one exits.
"""

from __future__ import annotations

import argparse
import grp
import os
import pwd
import shutil
import signal
import socket
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


def upstream_servers(addresses: list[str]) -> str:
    """The upstream block's entries for these app servers (``unix:/path`` or
    ``host:port``): a lone one listed twice, so that nginx has an entry to try again on
    (deploy/nginx.conf), and never marked down; several once each, a machine that fails
    twice left alone for 5 s."""
    if len(addresses) == 1:
        entries = [f"server {addresses[0]} max_fails=0;"] * 2
    else:
        entries = [f"server {address} max_fails=2 fail_timeout=5s;" for address in addresses]
    return "\n".join(f"        {entry}" for entry in entries)


def tls_lines(tls: tuple[Path, Path] | None) -> str:
    """The server block's TLS settings for this certificate and key, or none."""
    if tls is None:
        return ""
    cert, key = tls
    return "\n".join(
        f"        {line}"
        for line in (
            f"ssl_certificate {cert};",
            f"ssl_certificate_key {key};",
            "ssl_protocols TLSv1.2 TLSv1.3;",
            "ssl_session_cache shared:boggle_tls:1m;",
        )
    )


def nginx_config(
    run_dir: Path,
    listen: str,
    deadline: float = 2.8,
    upstream: list[str] | None = None,
    tls: tuple[Path, Path] | None = None,
) -> str:
    """deploy/nginx.conf filled in for this run folder, address, app servers and TLS."""
    user = ""
    if os.geteuid() == 0:
        # As root, nginx's workers would otherwise run as whatever it was built with;
        # name an unprivileged user, which then needs to reach gunicorn's socket.
        entry = pwd.getpwnam(UNPRIVILEGED_USER)
        user = f"user {entry.pw_name} {grp.getgrgid(entry.pw_gid).gr_name};"
    addresses = upstream or [f"unix:{run_dir / GUNICORN_SOCKET}"]
    return (
        NGINX_TEMPLATE.read_text()
        .replace("@USER@", user)
        .replace("@RUN_DIR@", str(run_dir))
        .replace("@LISTEN@", f"{listen} ssl" if tls else listen)
        .replace("@TLS@", tls_lines(tls))
        .replace("@UPSTREAM@", upstream_servers(addresses))
        .replace("@DEADLINE@", str(round(deadline * 1000)))
    )


def gunicorn_command() -> list[str]:
    """gunicorn from this interpreter's environment, with the project's settings."""
    return [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "app:create_app()"]


def edge_pages_command(folder: Path) -> list[str]:
    """The app's command that writes nginx's own error answers (web/edge.py)."""
    return [sys.executable, "-m", "flask", "--app", "app", "edge-pages", str(folder)]


def free_port() -> int:
    """A loopback port nobody is listening on (for an app server's gunicorn)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
    """gunicorn (one master or several) and nginx, started together in one run folder
    and stopped together."""

    def __init__(
        self,
        host: str,
        port: int,
        run_dir: Path | None = None,
        env: Mapping[str, str] | None = None,
        deadline: float = 2.8,
        tls: tuple[Path, Path] | None = None,
        app_servers: int = 1,
    ) -> None:
        # For gunicorn and the app, on top of os.environ; nginx is the one proxy the
        # app believes (unless env says otherwise).
        self.env = {"BOGGLE_PROXY_HOPS": "1", **(env or {})}
        self.deadline = deadline  # seconds; a later answer is replaced by 503 server_busy
        self.tls = tls  # (certificate, key): nginx ends TLS
        self.listen = f"{host}:{port}" if ":" not in host else f"[{host}]:{port}"
        self.temporary = run_dir is None
        self.run_dir = (
            Path(tempfile.mkdtemp(prefix="boggle-serve-")) if run_dir is None else run_dir
        )
        self.app_servers = app_servers
        self.binds: list[str] = []  # each gunicorn's address, as nginx names it
        self.masters: list[subprocess.Popen] = []
        self.nginx: subprocess.Popen | None = None

    @property
    def scheme(self) -> str:
        """``https`` when nginx ends TLS, else ``http``."""
        return "https" if self.tls else "http"

    @property
    def base(self) -> str:
        """The address clients use: ``http://127.0.0.1:8000``."""
        return f"{self.scheme}://{self.listen}"

    @property
    def gunicorn(self) -> subprocess.Popen | None:
        """The (first) gunicorn master."""
        return self.masters[0] if self.masters else None

    @property
    def control_socket(self) -> Path:
        """The (first) gunicorn's control socket (``show config``, ``show workers``)."""
        return self.control_sockets[0]

    @property
    def control_sockets(self) -> list[Path]:
        """Each gunicorn master's control socket, in the order of ``binds``."""
        if self.app_servers == 1:
            return [self.run_dir / CONTROL_SOCKET]
        return [self.run_dir / f"gunicorn-{n}.ctl" for n in range(1, self.app_servers + 1)]

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
        for stale in (GUNICORN_SOCKET, "nginx.pid", *self.control_sockets):
            (self.run_dir / stale).unlink(missing_ok=True)
        env = {**os.environ, **self.env}
        # nginx's own error answers, written while gunicorn starts; quickly, with no
        # list but the default loaded, and at the app's own address.
        pages = subprocess.Popen(
            edge_pages_command(self.run_dir / "edge"),
            cwd=ROOT,
            env={
                **env,
                "BOGGLE_PRELOAD_DICTIONARIES": "",
                "BOGGLE_PRELOAD_RATINGS": "",
                "BOGGLE_TRUSTED_HOSTS": "",
            },
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        self.binds = (
            [f"unix:{self.run_dir / GUNICORN_SOCKET}"]
            if self.app_servers == 1
            else [f"127.0.0.1:{free_port()}" for _ in range(self.app_servers)]
        )
        for bind, control in zip(self.binds, self.control_sockets, strict=True):
            master = subprocess.Popen(
                gunicorn_command(),
                cwd=ROOT,
                env={**env, "BOGGLE_BIND": bind, "BOGGLE_CONTROL_SOCKET": str(control)},
                stdout=gunicorn_log,
                stderr=gunicorn_log,
            )
            self.masters.append(master)
        for bind, control, master in zip(
            self.binds, self.control_sockets, self.masters, strict=True
        ):
            if bind.startswith("unix:"):
                wait_for(Path(bind.removeprefix("unix:")), master, "gunicorn", 120)
            # Opened after the workers are forked: once it is there, so are they.
            wait_for(control, master, "gunicorn's control socket", 120)
        _, errors = pages.communicate(timeout=120)
        if pages.returncode != 0:
            raise ServeError(f"writing nginx's error answers failed: {errors.decode()[-500:]}")
        config = self.run_dir / "nginx.conf"
        config.write_text(
            nginx_config(self.run_dir, self.listen, self.deadline, self.binds, self.tls)
        )
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
        stopping = [(self.nginx, signal.SIGQUIT)]
        stopping += [(master, gunicorn_signal) for master in self.masters]
        for process, sig in stopping:
            if process is not None and process.poll() is None:
                process.send_signal(sig)
        for process, _sig in stopping:
            if process is not None:
                try:
                    process.wait(timeout=25)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        if self.temporary:
            shutil.rmtree(self.run_dir, ignore_errors=True)

    def wait(self) -> int:
        """Block until any process exits; its status."""
        while True:
            for process in (*self.masters, self.nginx):
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
    parser.add_argument("--tls-cert", type=Path, help="certificate (PEM): nginx ends TLS")
    parser.add_argument("--tls-key", type=Path, help="its private key (PEM)")
    parser.add_argument(
        "--app-servers",
        type=int,
        default=1,
        help="gunicorn masters behind nginx, each on a loopback port (default 1)",
    )
    args = parser.parse_args()
    if (args.tls_cert is None) != (args.tls_key is None):
        parser.error("--tls-cert and --tls-key go together")
    if args.app_servers < 1:
        parser.error("--app-servers must be at least 1")
    tls = (args.tls_cert.resolve(), args.tls_key.resolve()) if args.tls_cert else None

    def stop_running(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    # SIGINT too, explicitly: a process started in the background by a shell without job
    # control inherits SIGINT ignored, and Python then leaves it ignored.
    signal.signal(signal.SIGTERM, stop_running)
    signal.signal(signal.SIGINT, stop_running)
    run_dir = args.run_dir.resolve() if args.run_dir else None
    recipe = Recipe(
        args.host, args.port, run_dir, deadline=args.deadline, tls=tls, app_servers=args.app_servers
    )
    try:
        recipe.start()
        print(
            f"serving on {recipe.base} (nginx -> {args.app_servers} gunicorn); "
            f"run folder {recipe.run_dir}",
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
