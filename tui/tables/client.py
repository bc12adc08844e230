"""A session's connection to the table service (tui.tables.server), on the app's event loop.

Requests are awaited (`await client.request("join", table="t-1")`); pushes go to the handlers
registered for a table (its screen) or, for notices, to `on_notice`.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import os
from pathlib import Path
from typing import Any, Callable

from tui.tables.service import ServiceError
from tui.tables.wire import JSON, PICKLED, WireError, pack, read_frame

ENV = "FABLETOP_TABLES"  # the socket's path, set by `fabletop serve` for its sessions
PLAYER_ENV = "FABLETOP_PLAYER"
CONNECT_WAIT = 2.0
REPLY_WAIT = 15.0
log = logging.getLogger(__name__)

Handler = Callable[[str, Any], None]


def default_server_dir() -> Path:
    """Where `fabletop serve` keeps its data (host key, players, tables) unless told otherwise."""
    from platformdirs import user_data_path

    return user_data_path("fabletop", appauthor=False) / "server"


def socket_path() -> Path | None:
    """The table service to reach: FABLETOP_TABLES (set by `fabletop serve` for its sessions; set
    but empty: none), else a server of this account running with its default data folder."""
    if ENV in os.environ:
        return Path(os.environ[ENV]) if os.environ[ENV] else None
    local = default_server_dir() / "tables.sock"
    return local if local.is_socket() else None


class TableClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, player: str) -> None:
        self.reader, self.writer, self.player = reader, writer, player
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future] = {}
        self.handlers: dict[str, Handler] = {}
        self.on_notice: Handler = lambda kind, data: None
        self.on_lost: Callable[[], None] = lambda: None
        self.closed = False
        self._task: asyncio.Task | None = None

    @classmethod
    async def connect(cls, path: Path, player: str, name: str) -> "TableClient":
        reader, writer = await asyncio.wait_for(asyncio.open_unix_connection(str(path)), CONNECT_WAIT)
        client = cls(reader, writer, player)
        writer.write(pack({"op": "hello", "player": player, "name": name}))
        client._task = asyncio.get_running_loop().create_task(client._read())
        return client

    async def request(self, op: str, **args: Any) -> Any:
        """Send a request and wait for its answer; ServiceError carries a refusal."""
        if self.closed:
            raise ServiceError("The table service cannot be reached.")
        request_id = next(self.ids)
        future = asyncio.get_running_loop().create_future()
        self.waiting[request_id] = future
        self.writer.write(pack({"id": request_id, "op": op, **args}))
        try:
            return await asyncio.wait_for(future, REPLY_WAIT)
        except asyncio.TimeoutError as exc:
            raise ServiceError("The table service did not answer.") from exc
        finally:
            self.waiting.pop(request_id, None)

    def send(self, op: str, on_error: Callable[[str], None] | None = None, **args: Any) -> None:
        """A request whose answer is awaited in the background; a refusal goes to `on_error`."""
        async def sent() -> None:
            try:
                await self.request(op, **args)
            except ServiceError as exc:
                if on_error is not None:
                    on_error(str(exc))
        asyncio.get_running_loop().create_task(sent())

    async def close(self) -> None:
        self.closed = True
        self.writer.close()
        if self._task is not None:
            self._task.cancel()

    async def _read(self) -> None:
        try:
            while (message := await read_frame(self.reader, JSON + PICKLED)) is not None:
                self._received(message)
        except (WireError, ConnectionError, OSError) as exc:
            log.warning("table service connection lost: %s", exc)
        finally:
            self.closed = True
            for future in self.waiting.values():
                if not future.done():
                    future.set_exception(ServiceError("The table service went away."))
            self.on_lost()

    def _received(self, message: dict) -> None:
        if "re" in message:
            future = self.waiting.get(message["re"])
            if future is not None and not future.done():
                if message.get("error"):
                    future.set_exception(ServiceError(message["error"]))
                else:
                    future.set_result(message.get("data"))
            return
        kind, table_id, data = message.get("push"), message.get("table"), message.get("data")
        handler = self.handlers.get(table_id) if table_id is not None else None
        try:
            (handler or self.on_notice)(kind, data)
        except Exception:
            log.exception("a table push could not be handled")
