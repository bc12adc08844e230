"""The table service's Unix socket in the server's data dir: each session connects, says who it
is, and sends requests; replies and pushes (frames, chat, notices) come back on the same socket.

    -> {"op": "hello", "player": "alice", "name": "Alice"}
    -> {"id": 3, "op": "join", "table": "t-1"}          <- {"re": 3, "ok": true, "data": ...}
    -> {"id": 4, "op": "submit", "table": "t-1", "seat": 0, "command": {"type": "Collect", ...}}
                                                          <- {"re": 4, "error": "It is not your turn..."}
    <- pickled {"push": "frame", "table": "t-1", "data": TableFrame}
"""
from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import Any, Callable

from tui.serve.players import player_name
from tui.settings import clean_name
from tui.tables.service import ServiceError, TableService
from tui.tables.wire import JSON, PICKLED, WireError, pack, read_frame

log = logging.getLogger("fabletop.tables")
SOCKET = "tables.sock"
BACKLOG = 16 * 1024 * 1024  # bytes waiting for a session that has stopped reading: it is cut off


class Connection:
    """One session's connection: its player, its watches, its writer."""

    def __init__(self, service: TableService, writer: asyncio.StreamWriter) -> None:
        self.service, self.writer = service, writer
        self.player = self.name = ""
        self.stops: dict[str, Callable[[], None]] = {}

    def push(self, table_id: str | None, kind: str, data: Any) -> None:
        if self.writer.is_closing():
            return
        if self.writer.transport.get_write_buffer_size() > BACKLOG:
            log.warning("tables: %s's session reads nothing: its connection is closed", self.player)
            self.writer.close()  # its seats wait for it like any dropped player's
            return
        self.writer.write(pack({"push": kind, "table": table_id, "data": data}, PICKLED))

    def reply(self, request_id: Any, data: Any = None, error: str | None = None) -> None:
        if self.writer.is_closing():
            return
        answer = {"re": request_id, "error": error} if error else {"re": request_id, "ok": True,
                                                                    "data": data}
        self.writer.write(pack(answer, JSON))

    async def handle(self, request: dict) -> None:
        op, table_id = request.get("op"), request.get("table")
        if not self.player:
            if op != "hello" or player_name(str(request.get("player", ""))) is None:
                raise WireError("a session must say hello with a player name first")
            self.player = player_name(request["player"])
            self.name = clean_name(str(request.get("name") or ""))[0] or self.player.capitalize()
            self.stops[""] = self.service.notices(
                self.player, lambda kind, data: self.push(None, kind, data))
            return
        service, player = self.service, self.player
        if op == "list":
            return [info.to_json() for info in await service.list_tables(player)]
        if op == "create":
            return await service.create(player, self.name, str(request.get("game")),
                                        list(request.get("seats", [])), dict(request.get("options", {})))
        if op == "join":
            return await service.join(table_id, player, self.name, request.get("seat"))
        if op == "leave":
            return await service.leave(table_id, player)
        if op == "invite":
            return await service.invite(table_id, player, str(request.get("player", "")))
        if op == "submit":
            seat, command = request.get("seat"), request.get("command")
            if not isinstance(seat, int) or not isinstance(command, dict):
                raise ServiceError("A move names a seat and a command.")
            return await service.submit(table_id, player, seat, command)
        if op == "undo":
            return await service.undo(table_id, player)
        if op == "chat":
            return await service.chat(table_id, player, request.get("text"))
        if op == "watch":
            self.unwatch(table_id)
            self.stops[table_id] = service.watch(
                table_id, player, lambda kind, data: self.push(table_id, kind, data),
                bool(request.get("spectate")))
            return None
        if op == "unwatch":
            return self.unwatch(table_id)
        raise ServiceError(f"unknown request {op!r}")

    def unwatch(self, table_id: Any) -> None:
        stop = self.stops.pop(table_id, None) if isinstance(table_id, str) else None
        if stop is not None:
            stop()

    def close(self) -> None:
        for stop in list(self.stops.values()):
            stop()
        self.stops.clear()


class TableSocket:
    """Serves a TableService on a Unix socket (owner-only, like everything in the data dir)."""

    def __init__(self, service: TableService, path: Path) -> None:
        self.service, self.path = service, path
        self._server: asyncio.AbstractServer | None = None
        self.connections: set[Connection] = set()
        self.tasks: set[asyncio.Task] = set()

    async def start(self) -> None:
        await self.service.start()
        if self.path.is_socket():
            self.path.unlink()  # left by a server that was killed
        self._server = await asyncio.start_unix_server(self._serve, path=str(self.path))
        os.chmod(self.path, 0o600)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for connection in list(self.connections):
            connection.writer.close()
        if self.tasks:  # each connection's reader ends with its socket
            await asyncio.wait(list(self.tasks), timeout=5)
        if self._server is not None:
            await self._server.wait_closed()
        await self.service.close()
        try:
            self.path.unlink()
        except OSError:
            pass

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connection = Connection(self.service, writer)
        self.connections.add(connection)
        self.tasks.add(asyncio.current_task())
        try:
            while (request := await read_frame(reader, JSON)) is not None:
                if not isinstance(request, dict):
                    raise WireError("a request is a JSON object")
                try:
                    data = await connection.handle(request)
                except ServiceError as exc:
                    connection.reply(request.get("id"), error=str(exc))
                    continue
                except WireError:
                    raise
                except Exception:  # a bug in one request must not cut the session off its table
                    log.exception("tables: a request failed: %r", request.get("op"))
                    connection.reply(request.get("id"), error="The table service met an error.")
                    continue
                if "id" in request:
                    connection.reply(request["id"], data)
                await writer.drain()
        except (WireError, ConnectionError) as exc:
            log.warning("tables: a session broke the protocol (%s)", exc)
        finally:
            self.tasks.discard(asyncio.current_task())
            self.connections.discard(connection)
            connection.close()
            writer.close()
