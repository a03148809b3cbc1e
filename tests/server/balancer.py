"""HAProxy on the loopback for the tests, started from the very file the deployment guide installs
(deploy/haproxy.cfg, its ports, certificate and processes given through the environment), with a
self-signed certificate made by openssl, and HTTP calls that trust that certificate."""

from __future__ import annotations

import json
import os
import shutil
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .harness import Refused, free_port

CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "haproxy.cfg"
SLOTS = 3
"""The processes deploy/haproxy.cfg names (CATTABLE_1 to CATTABLE_3)."""
ONE_ADDRESS = {"CATTABLE_CONN_RATE": "100000", "CATTABLE_CONN_CUR": "100000", "CATTABLE_REQ_RATE": "100000"}
"""The balancer's limits per address, raised: every client of a test comes from 127.0.0.1, as a whole town
behind one address would (test_balancer_limits.py drives the limits themselves)."""


def self_signed(folder: Path) -> Path:
    """A certificate and its key for 127.0.0.1 and localhost, in one PEM file as HAProxy wants it."""
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"),
            *("-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=localhost"),
            *("-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"),
        ],
        check=True,
        capture_output=True,
    )
    both = folder / "haproxy.pem"
    both.write_text(cert.read_text() + key.read_text())
    return both


def haproxy_missing() -> str | None:
    """Why the balancer tests cannot run here (None: they can)."""
    if shutil.which("haproxy") is None and not Path("/usr/sbin/haproxy").exists():
        return "HAProxy is not installed: apt-get install haproxy (the CI script does)"
    if shutil.which("openssl") is None:
        return "openssl is not installed"
    return None


@dataclass
class Balancer:
    """deploy/haproxy.cfg in the foreground, on two free loopback ports, over the given processes."""

    folder: Path
    backends: list[str]
    """host:port of each process (repeated to fill the config's three slots when fewer)."""
    proc: subprocess.Popen[bytes] | None = None
    settings: dict[str, str] = field(default_factory=lambda: dict(ONE_ADDRESS))
    """Environment for the config's ``presetenv`` figures (the limits per address)."""

    def __post_init__(self) -> None:
        self.cert = self_signed(self.folder)
        self.http_port, self.https_port = free_port(), free_port()
        self.context = ssl.create_default_context(cafile=str(self.cert))

    @property
    def base(self) -> str:
        return f"https://127.0.0.1:{self.https_port}"

    @property
    def ws_base(self) -> str:
        return f"wss://127.0.0.1:{self.https_port}"

    def start(self, timeout: float = 30.0) -> None:
        env = dict(os.environ)
        env.update(
            CATTABLE_HTTP_BIND=f"127.0.0.1:{self.http_port}",
            CATTABLE_HTTPS_BIND=f"127.0.0.1:{self.https_port}",
            CATTABLE_CERT=str(self.cert),
        )
        env.update(self.settings)
        for i in range(SLOTS):
            env[f"CATTABLE_{i + 1}"] = self.backends[i % len(self.backends)]
        config = CONFIG
        if os.geteuid() != 0:  # only root may drop to the haproxy user: the same file without those two lines
            config = self.folder / "haproxy.cfg"
            kept = [ln for ln in CONFIG.read_text().splitlines() if ln.split()[:1] not in (["user"], ["group"])]
            config.write_text("\n".join(kept) + "\n")
        haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
        log = open(self.folder / "haproxy.log", "ab")  # noqa: SIM115 - lives with the process
        self.proc = subprocess.Popen([haproxy, "-db", "-f", str(config)], env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"haproxy exited with {self.proc.returncode}: see {self.folder / 'haproxy.log'}")
            try:
                with socket.create_connection(("127.0.0.1", self.https_port), timeout=1):
                    pass
                self.call("GET", "/readyz", timeout=2)
                return
            except (OSError, Refused):
                time.sleep(0.1)
        raise TimeoutError("haproxy did not start")

    def wait_ready(self, timeout: float = 30.0) -> None:
        """Until the balancer sends requests through again (its health checks see a process up)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.call("GET", "/readyz", timeout=2)
                return
            except (OSError, Refused):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def marked(self, slot: int, state: str) -> int:
        """How often HAProxy's health checks have marked server line ``slot`` (1-based) ``state`` (``UP`` or
        ``DOWN``), from its log."""
        log = self.folder / "haproxy.log"
        return log.read_text(errors="replace").count(f"cattable/cattable{slot} is {state}") if log.exists() else 0

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def call(self, method: str, path: str, body: Any = None, token: str | None = None, timeout: float = 30.0) -> Any:
        """An HTTPS request through the balancer, trusting its certificate; a refusal raises ``Refused``."""
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=timeout, context=self.context) as resp:
                return json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            raw = exc.read()
            try:
                said = json.loads(raw)
            except ValueError:  # HAProxy's own page (no process up)
                said = {"error": "balancer", "reason": raw[:200].decode(errors="replace")}
            raise Refused(exc.code, said) from None
