"""Frames on the table service's Unix socket: a 4-byte length, a kind byte, the body.

Sessions send JSON only (the service never unpickles what a client sends: commands are decoded
and checked like a save's log). The service answers in JSON, and sends what a seat may see (its
views, its legal commands, events it may know) pickled: the client trusts the server that
started it, and views are the games' own dataclasses.
"""
from __future__ import annotations

import asyncio
import json
import pickle
import struct
from typing import Any

JSON, PICKLED = b"J", b"P"
LIMIT = 8 * 1024 * 1024  # the biggest frame either side accepts
_HEAD = struct.Struct(">I")


class WireError(Exception):
    """A frame that breaks the protocol: the connection is closed."""


def pack(data: Any, kind: bytes = JSON) -> bytes:
    body = json.dumps(data).encode() if kind == JSON else pickle.dumps(data, pickle.HIGHEST_PROTOCOL)
    return _HEAD.pack(len(body) + 1) + kind + body


async def read_frame(reader: asyncio.StreamReader, accept: bytes) -> Any:
    """The next frame's data; None at the end of the stream. Only frames of kind `accept`
    (JSON on the server, either on a client) are read."""
    try:
        head = await reader.readexactly(_HEAD.size)
    except asyncio.IncompleteReadError:
        return None
    (size,) = _HEAD.unpack(head)
    if not 1 <= size <= LIMIT:
        raise WireError(f"a frame of {size} bytes")
    try:
        body = await reader.readexactly(size)
    except asyncio.IncompleteReadError:
        return None
    kind, body = body[:1], body[1:]
    if kind not in accept:
        raise WireError(f"a frame of kind {kind!r}")
    if kind == PICKLED:
        return pickle.loads(body)
    try:
        return json.loads(body)
    except ValueError as exc:
        raise WireError(f"not JSON ({exc})") from exc
