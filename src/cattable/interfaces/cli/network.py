"""``cattable serve`` and ``cattable join``: the table server, and a terminal seat at one of its tables."""

from __future__ import annotations

import argparse
import copy
import ipaddress
import logging
import os
import re
import socket
from typing import Any

from cattable.core.i18n import LANGUAGES
from cattable.interfaces.cli.settings import layer, resolve
from cattable.server.limits import LimitPolicy
from cattable.server.outbox import OutboxPolicy
from cattable.server.store import DEFAULT_URL
from cattable.server.webhook_guard import WebhookPolicy


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from cattable.interfaces.web.app import create_app
    from cattable.interfaces.web.frames import MAX_FRAME
    from cattable.interfaces.web.serving import DrainingServer

    resolve(args)  # each setting from its flag, else CATTABLE_*, else --config, else its default
    if not 0 < args.port < 65536:
        raise ValueError(f"--port must be from 1 to 65535, not {args.port}")
    if not 1 <= args.lease_seconds <= 600:
        raise ValueError("--lease-seconds must be from 1 to 600")
    if args.bot_workers < 1:
        raise ValueError("--bot-workers must be at least 1")
    policy = _webhook_policy(args)
    app = create_app(
        _db_url(args.db),
        origins=tuple(args.origin or ()),
        bot_workers=args.bot_workers,
        crash=os.environ.get("CATTABLE_CRASH"),  # tests only: kill -9 at a named point
        lease_seconds=args.lease_seconds,
        server_id=args.server_id or f"{socket.gethostname()}:{args.port}"[-32:],
        webhooks=policy,
        limits=_limit_policy(args),
        outbox=OutboxPolicy(max_messages=args.send_queue),
    )
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::", "") else args.host
    if args.log_format == "text":  # a JSON log holds only JSON lines (uvicorn logs where it listens)
        print(f"cattable: the lobby is at http://{shown}:{args.port}/ (Ctrl-C stops the server)", flush=True)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        ws="websockets-sansio",
        ws_max_size=MAX_FRAME,
        ws_per_message_deflate=args.compress,
        log_level=args.log_level,
        log_config=_log_config(args.log_format, args.log_level),
        proxy_headers=bool(args.trusted_proxy),
        forwarded_allow_ips=",".join(args.trusted_proxy or ()) or None,
        timeout_graceful_shutdown=int(args.shutdown_seconds) or None,
    )
    DrainingServer(config, app, drain_seconds=args.shutdown_seconds).run()
    return 0


class _HideInvites(logging.Filter):
    """Invite codes are secrets: the access log shows ``/join/…`` instead of the code a link carries."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(_INVITE.sub("/join/…", a) if isinstance(a, str) else a for a in record.args)
        return True


_INVITE = re.compile(r"/join/[A-Za-z0-9_-]+")


def _log_config(log_format: str = "text", level: str = "info") -> dict[str, Any]:
    """uvicorn's logging, with invite codes kept out of the access log; the server's own loggers
    (``cattable.*``) beside uvicorn's; with ``json``, one JSON object a line (server/logs.py)."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["hide_invites"] = {"()": _HideInvites}
    config["handlers"]["access"]["filters"] = ["hide_invites"]
    config["loggers"]["cattable"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    if log_format == "json":
        json_formatter = {"()": "cattable.server.logs.JsonFormatter"}
        config["formatters"] = {"default": json_formatter, "access": json_formatter}
    return config


def _limit_policy(args: argparse.Namespace) -> LimitPolicy:
    """The limits per address and per token (docs/SETTINGS.md), each checked; 0 turns one off."""
    for name in ("tables_per_minute", "message_burst", "sockets_per_address", "chat_lines", "seats_per_minute"):
        if getattr(args, name) < 0:
            raise ValueError(f"--{name.replace('_', '-')} must be 0 (no limit) or more")
    if args.messages_per_second < 0:
        raise ValueError("--messages-per-second must be 0 (no limit) or more")
    if args.chat_seconds <= 0:
        raise ValueError("--chat-seconds must be more than 0")
    if args.flood_seconds < 0:
        raise ValueError("--flood-seconds must be 0 (never close a flooding socket) or more")
    if args.send_queue < 1:
        raise ValueError("--send-queue must be at least 1")
    if args.shutdown_seconds < 0:
        raise ValueError("--shutdown-seconds must be 0 or more")
    for proxy in args.trusted_proxy or ():
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise ValueError(f"--trusted-proxy takes an address or network such as 10.0.0.5, not {proxy!r}") from None
    return LimitPolicy(
        tables_per_minute=args.tables_per_minute,
        messages_per_second=args.messages_per_second,
        message_burst=args.message_burst,
        sockets_per_address=args.sockets_per_address,
        chat_lines=args.chat_lines,
        chat_seconds=args.chat_seconds,
        seats_per_minute=args.seats_per_minute,
        flood_seconds=args.flood_seconds,
    )


def _webhook_policy(args: argparse.Namespace) -> WebhookPolicy:
    """The host's webhook settings from the command line, each checked."""
    try:
        networks = tuple(ipaddress.ip_network(n, strict=False) for n in args.webhook_allow or ())
    except ValueError as exc:
        raise ValueError(f"--webhook-allow takes a network such as 10.1.2.0/24: {exc}") from None
    if not 1 <= args.webhook_calls_per_hour <= 3600:
        raise ValueError("--webhook-calls-per-hour must be from 1 to 3600")
    if not 0 <= args.webhook_retries <= 10:
        raise ValueError("--webhook-retries must be from 0 to 10")
    return WebhookPolicy(
        allow_http=args.webhook_http,
        allow_networks=networks,
        retries=args.webhook_retries,
        calls_per_hour=args.webhook_calls_per_hour,
    )


def _db_url(text: str) -> str:
    """A database URL; a bare path means an SQLite file."""
    if "://" in text:
        if not text.startswith(("sqlite:", "postgresql:", "postgres:", "postgresql+psycopg:")):
            raise ValueError(f"--db must be sqlite:///FILE or postgresql://..., not {text!r}")
        return text
    return f"sqlite:///{text}"


def cmd_join(args: argparse.Namespace) -> int:
    from cattable.interfaces.terminal.join import join_table

    return join_table(args.link, bot=args.bot, lang=args.lang)


def add_network_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sv = sub.add_parser("serve", help="run the table server: friends and bots at any game, over the network")
    sv.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    sv.add_argument("--port", type=int, default=8000, help="the port to listen on")
    sv.add_argument("--db", default=DEFAULT_URL, help="the database: an SQLite file or postgresql://user@host/db")
    sv.add_argument(
        "--origin",
        action="append",
        help="a web origin allowed to open WebSockets besides the server's own, repeatable (default: only its own)",
    )
    sv.add_argument("--bot-workers", type=int, default=1, help="processes that compute the bots' moves")
    sv.add_argument(
        "--lease-seconds",
        type=float,
        default=15.0,
        help="how long a table stays with this process if it stops renewing (several servers on one database)",
    )
    sv.add_argument(
        "--server-id",
        default=None,
        help="this server's name in table leases; a server restarted under the same name takes its tables back "
        "at once (default: HOSTNAME:PORT)",
    )
    sv.add_argument(
        "--compress",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="compress WebSocket messages (permessage-deflate): less traffic, more server CPU per move",
    )
    sv.add_argument(
        "--webhook-http",
        action="store_true",
        help="let seats' webhooks be plain http:// URLs too (default: https:// only)",
    )
    sv.add_argument(
        "--webhook-allow",
        action="append",
        metavar="NETWORK",
        help="a private network webhooks may reach all the same, e.g. 10.1.2.0/24, repeatable (default: public "
        "addresses only; never loopback, private, link-local or multicast)",
    )
    sv.add_argument(
        "--webhook-retries", type=int, default=3, help="tries after a failed webhook call, 2, 4, 8... s apart"
    )
    sv.add_argument(
        "--webhook-calls-per-hour", type=int, default=30, help="calls one seat's webhook may get in an hour"
    )
    sv.add_argument(
        "--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"), help="how much to log"
    )
    # -- guard (issue #29): limits per address and token, proxies, shutdown, logs; then every flag layered
    guard = sv.add_argument_group("limits, proxies, shutdown and logs")
    guard.add_argument(
        "--trusted-proxy",
        action="append",
        metavar="ADDRESS",
        help="a proxy or balancer whose X-Forwarded-For is believed, an address or network, repeatable (default: "
        "none: the peer's address is the client's)",
    )
    guard.add_argument("--tables-per-minute", type=int, default=10, help="tables one address may open a minute")
    guard.add_argument(
        "--messages-per-second", type=float, default=20.0, help="messages one seat token may send a second"
    )
    guard.add_argument("--message-burst", type=int, default=40, help="messages one seat token may send at once")
    guard.add_argument(
        "--flood-seconds",
        type=float,
        default=5.0,
        help="a socket refused past twice its message allowance within this is closed (4029); its address waits",
    )
    guard.add_argument(
        "--sockets-per-address", type=int, default=100, help="WebSockets one address may hold open at once"
    )
    guard.add_argument("--chat-lines", type=int, default=5, help="chat lines one connection may post in --chat-seconds")
    guard.add_argument("--chat-seconds", type=float, default=10.0, help="the span --chat-lines counts over")
    guard.add_argument(
        "--seats-per-minute", type=int, default=10, help="seats one address may take at open tables a minute"
    )
    guard.add_argument(
        "--send-queue",
        type=int,
        default=64,
        help="messages waiting for one connection before it is dropped as not reading (close code 4008)",
    )
    guard.add_argument(
        "--shutdown-seconds",
        type=float,
        default=10.0,
        help="on SIGTERM, how long to wait for moves being committed, then for connections to close",
    )
    guard.add_argument("--log-format", default="text", choices=("text", "json"), help="json: one object a line")
    layer(sv)
    sv.set_defaults(fn=cmd_serve)

    jn = sub.add_parser("join", help="play a seat at a server's table from this terminal")
    jn.add_argument("link", help="the seat's invite link (http://HOST:PORT/join/CODE) or a saved seat file")
    jn.add_argument(
        "--bot",
        default=None,
        help="let a bot of this kind play the seat for you, e.g. heuristic or module:attribute (default: you type)",
    )
    jn.add_argument(
        "--lang",
        default="en",
        choices=LANGUAGES,
        help="the language the table's moves and events are told in (default: en)",
    )
    jn.set_defaults(fn=cmd_join)
