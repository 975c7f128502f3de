"""Network addresses a user types (``site --port``, ``--scheduler``), checked before anything is built or started.

A bad address must be refused in one line before a site is built for minutes
or a progress bar is drawn, not found out by the library that finally uses
it (Dask's own error for ``foo:bar`` is ``invalid literal for int()``).
"""

from __future__ import annotations

import argparse
import re

PORTS = range(1, 65536)
"""The TCP ports an address may name: port 0 means "any free port" to the system, and 65536 on do not exist."""

PORT_RANGE = f"{PORTS[0]} to {PORTS[-1]}"

_SCHEDULER = re.compile(r"(?:tcp://)?(\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]@]+):([0-9]{1,5})")
"""HOST:PORT or tcp://HOST:PORT; an IPv6 host in brackets, as Dask writes it. Dask needs the port for TCP."""


def scheduler_address(text: str) -> str:
    """``--scheduler``: a Dask scheduler's address, HOST:PORT or tcp://HOST:PORT with a port of :data:`PORTS`.

    An argument type, so that argparse refuses a malformed address before the
    command has loaded anything, drawn a progress bar or tried to connect.
    """
    found = _SCHEDULER.fullmatch(text)
    if found is None or int(found[2]) not in PORTS:
        raise argparse.ArgumentTypeError(f"takes HOST:PORT or tcp://HOST:PORT with PORT {PORT_RANGE}, not {text!r}")
    return text
