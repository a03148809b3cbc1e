"""Webhooks a public server can afford: a seat cannot make the server send requests into its own network
(loopback, private, link-local, metadata, multicast, in any spelling), the address is checked again at call
time and the call goes to the address checked, no redirect is followed, failures are retried with back-off
and then shown to the seat, each seat's calls are limited, and a slow listener holds up no move.

Every call that could leave the machine goes through a resolver and a transport replaced by recorders, so a
broken guard fails a test without a packet going anywhere but the loopback."""

from __future__ import annotations

import asyncio
import ipaddress
import threading
import time
from collections.abc import Iterator, Sequence
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest

from cattable.server.table import Refusal
from cattable.server.webhook_guard import Target, WebhookPolicy, WebhookRefused, check_webhook, resolve_target
from cattable.server.webhooks import WebhookSender

from .inprocess import Inbox, open_table, running_hub

PUBLIC = "93.184.216.34"
"""A public address the recorders stand in for: nothing is ever sent to it."""
QUICK = WebhookPolicy(retries=2, backoff=0.01)


class Recorder:
    """A transport that sends nothing: it keeps each target it was given and answers the scripted statuses."""

    def __init__(self, *statuses: int) -> None:
        self.statuses = list(statuses) or [200]
        self.calls: list[Target] = []

    def __call__(self, target: Target, body: bytes, timeout: float, max_response: int) -> int:
        self.calls.append(target)
        return self.statuses[min(len(self.calls), len(self.statuses)) - 1]


class Names:
    """A resolver that answers from a table, and can change its answer (DNS rebinding)."""

    def __init__(self, **answers: str) -> None:
        self.answers = {k.replace("_", "."): v for k, v in answers.items()}
        self.asked: list[str] = []

    def __call__(self, host: str, port: int) -> Sequence[str]:
        self.asked.append(host)
        return [self.answers[host]] if host in self.answers else []


NEVER = Names()


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1/hook",
        "https://localhost/hook",
        "https://[::1]/hook",
        "https://0.0.0.0/hook",
        "https://2130706433/hook",  # the loopback as one decimal number
        "https://0x7f000001/hook",
        "https://127.1/hook",
        "https://10.0.0.8/hook",
        "https://172.16.5.4/hook",
        "https://192.168.1.10/hook",
        "https://100.64.0.1/hook",  # shared address space (carrier-grade NAT)
        "https://169.254.169.254/latest/meta-data/",  # a cloud's metadata service
        "https://[fe80::1]/hook",
        "https://[fd00::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://224.0.0.1/hook",
    ],
)
def test_a_webhook_into_the_servers_own_network_is_refused_when_set(url: str) -> None:
    with pytest.raises(WebhookRefused, match="may not point at"):
        check_webhook(url, WebhookPolicy(), NEVER)


@pytest.mark.parametrize(
    ("url", "says"),
    [
        (f"http://{PUBLIC}/hook", "https://"),
        ("ftp://example.org/hook", "https://"),
        ("file:///etc/passwd", "https://"),
        (f"https://user:secret@{PUBLIC}/hook", "no user name"),
        ("https://no-such-name.invalid/hook", "could not be resolved"),
        ("https://" + "a" * 500 + ".org/", "at most 500"),
        (42, "https://"),
    ],
)
def test_a_webhook_that_is_not_a_reachable_https_url_is_refused(url: Any, says: str) -> None:
    with pytest.raises(WebhookRefused, match=says):
        check_webhook(url, WebhookPolicy(), NEVER)


def test_a_name_is_checked_by_every_address_it_resolves_to() -> None:
    names = Names(hooks_example_org="10.1.2.3", ok_example_org=PUBLIC)
    with pytest.raises(WebhookRefused, match="private"):
        check_webhook("https://hooks.example.org/h", WebhookPolicy(), names)
    assert check_webhook("https://ok.example.org/h", WebhookPolicy(), names) == "https://ok.example.org/h"
    target = resolve_target("https://ok.example.org:8443/h?x=1", WebhookPolicy(), names)
    assert (target.host, target.port, target.path, target.address) == ("ok.example.org", 8443, "/h?x=1", PUBLIC)


def test_the_host_may_allow_plain_http_and_a_network_of_its_own() -> None:
    policy = WebhookPolicy(allow_http=True, allow_networks=(ipaddress.ip_network("10.1.0.0/16"),))
    assert check_webhook("http://10.1.2.3/h", policy, NEVER) == "http://10.1.2.3/h"
    with pytest.raises(WebhookRefused):
        check_webhook("http://10.2.0.1/h", policy, NEVER)


def _sender(policy: WebhookPolicy, names: Names, transport: Recorder) -> WebhookSender:
    return WebhookSender(policy, resolver=names, transport=transport)


def test_setting_a_refused_webhook_changes_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        recorder = Recorder()
        async with running_hub(tmp_path, _sender(QUICK, NEVER, recorder)) as hub:
            table = await open_table(hub, "washi", [None, None])
            with pytest.raises(Refusal) as refused:
                await hub.set_webhook(table, 0, "https://169.254.169.254/latest/meta-data/")
            assert refused.value.code == "invalid" and "link-local" in str(refused.value)
            assert hub.actors[table].table.seats[0].webhook is None
            assert hub.store.seats(table)[0].webhook is None
            assert recorder.calls == []

    asyncio.run(scenario())


def test_a_name_that_now_resolves_inside_is_never_called(tmp_path: Path) -> None:
    """Checked when set (public), then the name changes its answer (rebinding): no call is made, and the
    seat sees its webhook failing with the reason."""

    async def scenario() -> None:
        names, recorder = Names(hooks_example_org=PUBLIC), Recorder()
        async with running_hub(tmp_path, _sender(QUICK, names, recorder)) as hub:
            table = await open_table(hub, "washi", [None, None])
            seat = Inbox(1)
            await hub.watch(table, seat)
            await hub.set_webhook(table, 1, "https://hooks.example.org/turn")  # seat 0 moves first
            names.answers["hooks.example.org"] = "10.0.0.5"
            await hub.act(table, 0, hub.actors[table].table.choices(0)[0].to_json(), "m1")  # now seat 1's move
            await asyncio.sleep(0.05)
            await hub.webhooks.idle()
            assert names.asked == ["hooks.example.org", "hooks.example.org"] and recorder.calls == []
            shown = seat.of_type("state")[-1]["webhook"]
            assert shown["failing"] is True and "private" in shown["error"]
            assert hub.store.seats(table)[1].webhook_error == shown["error"]
            other = Inbox(0)
            await hub.watch(table, other)
            assert "webhook" not in other.of_type("state")[-1]  # another seat never sees it

    asyncio.run(scenario())


def test_a_call_goes_to_the_address_that_was_checked(tmp_path: Path) -> None:
    async def scenario() -> None:
        names, recorder = Names(hooks_example_org=PUBLIC), Recorder(204)
        async with running_hub(tmp_path, _sender(QUICK, names, recorder)) as hub:
            table = await open_table(hub, "washi", [None, None])
            await hub.set_webhook(table, 0, "https://hooks.example.org/turn")
            await hub.webhooks.idle()
            assert [(t.host, t.address, t.path) for t in recorder.calls] == [("hooks.example.org", PUBLIC, "/turn")]
            assert hub.actors[table].table.seats[0].webhook_error is None

    asyncio.run(scenario())


def test_a_redirect_is_not_followed(tmp_path: Path) -> None:
    async def scenario() -> None:
        recorder = Recorder(302)
        async with running_hub(tmp_path, _sender(QUICK, NEVER, recorder)) as hub:
            table = await open_table(hub, "washi", [None, None])
            await hub.set_webhook(table, 0, f"https://{PUBLIC}/turn")
            await hub.webhooks.idle()
            assert len(recorder.calls) == 1  # neither followed nor retried
            assert "redirects are not followed" in (hub.actors[table].table.seats[0].webhook_error or "")

    asyncio.run(scenario())


def test_a_failed_call_is_retried_with_back_off_then_shown_as_failing(tmp_path: Path) -> None:
    async def scenario() -> None:
        flaky, dead = Recorder(503, 503, 200), Recorder(500)
        async with running_hub(tmp_path, _sender(QUICK, NEVER, flaky)) as hub:
            table = await open_table(hub, "washi", [None, None])
            await hub.set_webhook(table, 0, f"https://{PUBLIC}/turn")
            await hub.webhooks.idle()
            assert len(flaky.calls) == 3 and hub.actors[table].table.seats[0].webhook_error is None
            hub.webhooks.transport = dead
            await hub.set_webhook(table, 0, f"https://{PUBLIC}/other")
            await hub.webhooks.idle()
            assert len(dead.calls) == 1 + QUICK.retries
            assert hub.actors[table].table.seats[0].webhook_error == "the listener answered 500"
            await hub.set_webhook(table, 0, None)  # a new setting clears the failure
            assert hub.store.seats(table)[0].webhook_error is None

    asyncio.run(scenario())


def test_each_seat_has_a_limit_on_calls(tmp_path: Path) -> None:
    async def scenario() -> None:
        recorder = Recorder(200)
        policy = WebhookPolicy(retries=0, calls_per_hour=2)
        async with running_hub(tmp_path, _sender(policy, NEVER, recorder)) as hub:
            table = await open_table(hub, "washi", [None, None])
            for i in range(4):
                await hub.set_webhook(table, 0, f"https://{PUBLIC}/turn{i}")
                await hub.webhooks.idle()
            assert [t.path for t in recorder.calls] == ["/turn0", "/turn1"]

    asyncio.run(scenario())


def test_a_webhook_set_during_the_seats_move_fires_and_one_set_while_waiting_does_not(tmp_path: Path) -> None:
    async def scenario() -> None:
        recorder = Recorder(200)
        async with running_hub(tmp_path, _sender(QUICK, NEVER, recorder)) as hub:
            table = await open_table(hub, "washi", [None, None])
            await hub.set_webhook(table, 1, f"https://{PUBLIC}/seat1")  # seat 0 is to move
            await hub.set_webhook(table, 0, f"https://{PUBLIC}/seat0")
            await hub.webhooks.idle()
            assert [t.path for t in recorder.calls] == ["/seat0"]
            legal = hub.actors[table].table.choices(0)[0]
            await hub.act(table, 0, legal.to_json(), "m1")
            await asyncio.sleep(0.05)
            await hub.webhooks.idle()
            assert [t.path for t in recorder.calls] == ["/seat0", "/seat1"]

    asyncio.run(scenario())


class _Listener(BaseHTTPRequestHandler):
    """A loopback listener: answers after ``delay`` seconds, with a redirect when ``location`` is set."""

    delay = 0.0
    location: str | None = None

    def do_POST(self) -> None:
        self.server.hits.append(self.path)  # type: ignore[attr-defined]
        time.sleep(self.delay)
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(302 if self.location else 200)
        if self.location:
            self.send_header("Location", self.location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *_args: Any) -> None:
        pass


def _listen(delay: float = 0.0, location: str | None = None) -> HTTPServer:
    handler = type("Handler", (_Listener,), {"delay": delay, "location": location})
    server = HTTPServer(("127.0.0.1", 0), handler)
    server.hits = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def listeners() -> Iterator[list[HTTPServer]]:
    made: list[HTTPServer] = []
    yield made
    for server in made:
        server.shutdown()
        server.server_close()


LOOPBACK_ALLOWED = WebhookPolicy(
    allow_http=True, allow_networks=(ipaddress.ip_network("127.0.0.0/8"),), retries=0, timeout=5.0
)


def test_a_real_redirect_to_another_loopback_listener_is_not_followed(
    tmp_path: Path, listeners: list[HTTPServer]
) -> None:
    """Over real sockets, all on the loopback: the first listener answers 302 to the second, which must
    never hear from the server."""
    inner = _listen()
    outer = _listen(location=f"http://127.0.0.1:{inner.server_port}/inside")
    listeners += [inner, outer]

    async def scenario() -> None:
        async with running_hub(tmp_path, WebhookSender(LOOPBACK_ALLOWED)) as hub:
            table = await open_table(hub, "washi", [None, None])
            await hub.set_webhook(table, 0, f"http://127.0.0.1:{outer.server_port}/turn")
            await hub.webhooks.idle()
            assert outer.hits == ["/turn"]  # type: ignore[attr-defined]
            assert inner.hits == []  # type: ignore[attr-defined]
            assert "302" in (hub.actors[table].table.seats[0].webhook_error or "")

    asyncio.run(scenario())


def test_a_slow_listener_does_not_delay_a_move(tmp_path: Path, listeners: list[HTTPServer]) -> None:
    slow = _listen(delay=2.0)
    listeners.append(slow)

    async def scenario() -> None:
        async with running_hub(tmp_path, WebhookSender(LOOPBACK_ALLOWED, workers=1)) as hub:
            table = await open_table(hub, "washi", [None, None])
            for seat in (0, 1):
                await hub.set_webhook(table, seat, f"http://127.0.0.1:{slow.server_port}/seat{seat}")
            t = hub.actors[table].table
            took = []
            for i in range(4):  # each move signals the next seat; the one call thread is busy for 2 s each
                mover = t.state.current_player
                assert mover is not None
                started = time.perf_counter()
                await hub.act(table, mover, t.choices(mover)[0].to_json(), f"m{i}")
                took.append(time.perf_counter() - started)
            assert max(took) < 0.5, took
            await hub.webhooks.close()

    asyncio.run(scenario())
