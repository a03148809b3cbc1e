"""Where a "your turn" webhook may point: a public server must never be made to send requests into its own
network (server-side request forgery). A URL is checked when a seat sets it and its address again just
before each call, and the call goes to the address that was checked, so a name that later resolves
elsewhere (DNS rebinding) gains nothing."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

MAX_URL = 500

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
Resolver = Callable[[str, int], Sequence[str]]
"""A host name and port to the addresses it resolves to (``socket.getaddrinfo`` by default)."""


class WebhookRefused(ValueError):
    """A webhook URL or address that this server will not call; the text is for the person who set it."""


@dataclass(frozen=True)
class WebhookPolicy:
    """The host's settings for webhooks (``cattable serve --webhook-...``)."""

    allow_http: bool = False
    """Plain ``http://`` too (by default only ``https://``)."""
    allow_networks: tuple[IPNetwork, ...] = ()
    """Non-public networks that webhooks may reach all the same (a host's own notifier, tests)."""
    timeout: float = 3.0
    """Seconds for one call, connecting and answering together."""
    max_response: int = 1024
    """Bytes of the answer read at most: only its status matters."""
    retries: int = 3
    """Further attempts after a failed call, ``backoff`` seconds apart and doubling."""
    backoff: float = 2.0
    calls_per_hour: int = 30
    """Calls one seat's webhook may receive in an hour, retries included; more are skipped."""


@dataclass(frozen=True)
class Target:
    """One call's destination: the URL's parts and the checked address it is sent to."""

    scheme: str
    host: str
    port: int
    path: str
    address: str


def system_resolver(host: str, port: int) -> list[str]:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]).split("%", 1)[0] for info in infos]


def literal_address(host: str) -> IPAddress | None:
    """The address a host written as a number stands for, in any spelling the C library accepts
    (``127.1``, ``2130706433``, ``0x7f000001``, ``[::1]``), or None for a name."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    try:
        return ipaddress.IPv4Address(socket.inet_aton(host))
    except (OSError, ValueError):
        return None


def forbidden(address: IPAddress, policy: WebhookPolicy) -> str | None:
    """Why a webhook may not reach ``address`` (loopback, private, link-local, multicast...), or None."""
    mapped = address.ipv4_mapped if isinstance(address, ipaddress.IPv6Address) else None
    plain = mapped or address
    if any(plain in net for net in policy.allow_networks):
        return None
    if plain.is_multicast:
        return "a multicast address"
    if plain.is_loopback or plain.is_unspecified:
        return "this server itself"
    if plain.is_link_local:
        return "a link-local address"
    if not plain.is_global:
        return "a private or reserved network"
    return None


def split_url(url: object, policy: WebhookPolicy) -> tuple[str, str, int, str]:
    """A webhook URL's scheme, host, port and path, or WebhookRefused saying what is allowed."""
    schemes = ("https", "http") if policy.allow_http else ("https",)
    allowed = " or ".join(f"{s}://" for s in schemes)
    if not isinstance(url, str) or len(url) > MAX_URL:
        raise WebhookRefused(f"a webhook is an {allowed} URL of at most {MAX_URL} characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise WebhookRefused(f"a webhook is an {allowed} URL of at most {MAX_URL} characters") from None
    if parts.scheme not in schemes:
        raise WebhookRefused(f"a webhook is an {allowed} URL (this server does not call other kinds)")
    if not parts.hostname or parts.username is not None or parts.password is not None:
        raise WebhookRefused("a webhook URL names a host, with no user name or password in it")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80), path


def resolve_target(url: object, policy: WebhookPolicy, resolver: Resolver = system_resolver) -> Target:
    """The address a call to ``url`` goes to, every address the name gives checked; WebhookRefused if any is
    one a webhook may not reach or the name does not resolve."""
    scheme, host, port, path = split_url(url, policy)
    if host == "localhost" or host.endswith(".localhost"):  # RFC 6761: always this machine
        raise WebhookRefused(f"a webhook may not point at this server itself ({host})")
    literal = literal_address(host)
    if literal is not None:
        addresses: list[IPAddress] = [literal]
    else:
        try:
            addresses = [ipaddress.ip_address(a) for a in resolver(host, port)]
        except (OSError, ValueError, UnicodeError):
            addresses = []
        if not addresses:
            raise WebhookRefused(f"the webhook's host {host!r} could not be resolved")
    for address in addresses:
        why = forbidden(address, policy)
        if why is not None:
            raise WebhookRefused(f"a webhook may not point at {why} ({host} is {address})")
    return Target(scheme, host, port, path, str(addresses[0]))


def check_webhook(url: object, policy: WebhookPolicy, resolver: Resolver = system_resolver) -> str | None:
    """A webhook URL as set by a seat (None removes it), checked now; WebhookRefused otherwise."""
    if url is None:
        return None
    resolve_target(url, policy, resolver)
    return str(url)
