"""A private PostgreSQL for the tests: Debian's server binaries, started on a free port and its own socket
directory, in a throw-away data directory (as the ``postgres`` user when the tests run as root)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .harness import free_port


@dataclass
class Postgres:
    url: str
    folder: Path
    proc: subprocess.Popen[bytes]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


def _bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql (the CI script does)")
    return Path(found[-1]).parent


def start_postgres() -> Postgres:
    bindir = _bin()
    folder = Path(tempfile.mkdtemp(prefix="cattable-pg-"))
    folder.chmod(0o755)
    data, sockets = folder / "data", folder / "sockets"
    data.mkdir()
    sockets.mkdir()
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        shutil.chown(data, "postgres")
        shutil.chown(sockets, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    log = open(folder / "log", "wb")  # noqa: SIM115 - lives with the server
    subprocess.run(
        [*as_user, str(bindir / "initdb"), "-D", str(data), "-U", "cattable", "--auth=trust", "-E", "UTF8"],
        check=True,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    port = free_port()
    proc = subprocess.Popen(
        [*as_user, str(bindir / "postgres"), "-D", str(data), "-p", str(port), "-k", str(sockets), "-c", "fsync=on"],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready = subprocess.run([str(bindir / "pg_isready"), "-h", "127.0.0.1", "-p", str(port)], capture_output=True)
        if ready.returncode == 0:
            break
        time.sleep(0.2)
    else:
        proc.kill()
        raise RuntimeError(f"PostgreSQL did not start: see {folder / 'log'}")
    subprocess.run(
        [str(bindir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "cattable", "cattable"], check=True
    )
    return Postgres(url=f"postgresql://cattable@127.0.0.1:{port}/cattable", folder=folder, proc=proc)
