"""The addresses the share server answers at: the laptop's own, as it started on them.

A page of another site can point its own name at the laptop (DNS rebinding): the browser
then sends that name as ``Host`` and as ``Origin``, so neither is trusted for what it says
about itself. The server answers only requests whose ``Host`` is one of the addresses it was
started on (loopback, and with ``--lan`` the network address it printed), and a table's write
only from a page of one of them (``Origin``).
"""

from __future__ import annotations

LOOPBACK = ("127.0.0.1", "localhost")


class Addresses:
    """``host:port`` for each address the server was started on, and the bare name (a program
    may send it; a browser never does for another port, so a page of another site cannot);
    none before it listens."""

    def __init__(self) -> None:
        self.hosts: frozenset[str] = frozenset()

    def listen(self, port: int, lan: str | None = None) -> None:
        names = (*LOOPBACK, lan) if lan else LOOPBACK
        self.hosts = frozenset((*names, *(f"{name}:{port}" for name in names)))

    def answers(self, host: str | None) -> bool:
        """Whether ``host`` (a request's ``Host``) is one of them."""
        return host is not None and host.lower() in self.hosts

    def origin(self, origin: str) -> bool:
        """Whether ``origin`` (a request's ``Origin``) is a page served at one of them."""
        scheme, _, host = origin.partition("://")
        return scheme == "http" and self.answers(host)
