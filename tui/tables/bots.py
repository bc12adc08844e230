"""The bots of shared tables: bot seats, and stand-ins for people who dropped out or left. They
think in a thread so the server keeps serving, after a pace so people can follow."""
from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

from games.core.messages import Command

from games.core.protocol import Bot
from games.core.runtime import bot_seed
from tui.tables.shared import SharedTable

log = logging.getLogger("fabletop.tables")


class TableBots:
    """`again(shared)` is called after each bot move: it schedules the next ones if it may.
    `play(shared, seat, command)` makes the move (by default on the table itself; the Redis
    service appends it to the table's stream instead)."""

    def __init__(self, pace: float, again: Callable[[SharedTable], None],
                 play: Callable[[SharedTable, int, Command], Awaitable[None]] | None = None) -> None:
        self.pace, self.again = pace, again
        self.play = play or self._dispatch
        self.bots: dict[tuple[str, int], Bot] = {}
        self.thinking: dict[tuple[str, int], asyncio.Task] = {}

    def schedule(self, shared: SharedTable) -> None:
        """Let each bot due to act move after the pace."""
        if shared.table.outcome() is not None:
            return
        for seat in shared.table.to_act():
            key = (shared.table_id, seat)
            if seat in shared.bot_driven() and key not in self.thinking:
                self.thinking[key] = asyncio.get_running_loop().create_task(self._move(shared, seat))

    def close(self) -> None:
        for task in list(self.thinking.values()):
            task.cancel()

    async def _move(self, shared: SharedTable, seat: int) -> None:
        key = (shared.table_id, seat)
        try:
            await asyncio.sleep(self.pace)
            table = shared.table
            if seat not in table.to_act() or seat not in shared.bot_driven():
                return
            bot = self._bot(shared, seat)
            view = table.view(seat) if bot.reads_view else None
            legal = table.legal_commands(seat)
            command = await asyncio.to_thread(bot.choose, view, legal, seat)
            if seat in shared.bot_driven():
                await self.play(shared, seat, command)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bot of seat %d failed", shared.table_id, seat)
        finally:
            self.thinking.pop(key, None)
        self.again(shared)

    @staticmethod
    async def _dispatch(shared: SharedTable, seat: int, command: Command) -> None:
        shared.table.dispatch(seat, command)  # play went on meanwhile: it stands if still legal

    def _bot(self, shared: SharedTable, seat: int) -> Bot:
        """The seat's bot: its own level, or for a person's seat the game's first level."""
        key = (shared.table_id, seat)
        if key not in self.bots:
            table = shared.table
            level = table.seats[seat].bot if table.seats[seat].is_bot \
                else (table.game.manifest.bot_levels or ("random",))[0]
            self.bots[key] = table.game.bots[level](bot_seed(table.seed, seat))
        return self.bots[key]
