"""The server's limits: sessions at once, new connections per address, and idle time."""
from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

WINDOW = 60.0  # seconds: the rate limit counts new connections in the last minute


@dataclass(frozen=True)
class Limits:
    max_sessions: int = 30
    per_minute: int = 10  # new connections per address per minute
    idle_timeout: float = 1800.0  # seconds without a key press before the session ends; 0: never

    @property
    def idle_warning(self) -> float:
        """Seconds before the idle timeout that the player is warned (a minute, or half of it)."""
        return min(60.0, self.idle_timeout / 2)


class RateLimiter:
    """Counts new connections per address over a sliding minute."""

    def __init__(self, per_minute: int, clock=time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._seen: dict[str, deque[float]] = {}

    def allow(self, address: str) -> bool:
        """Record a new connection from address; False when it is over the limit."""
        now = self.clock()
        times = self._seen.setdefault(address, deque())
        while times and now - times[0] >= WINDOW:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        self._forget_quiet(now)
        return True

    def _forget_quiet(self, now: float) -> None:
        """Drop addresses with no connection in the last minute, so the table stays small."""
        if len(self._seen) > 1024:
            for address in [a for a, t in self._seen.items() if not t or now - t[-1] >= WINDOW]:
                del self._seen[address]


class SessionSlots:
    """At most `limit` sessions at once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0

    def take(self) -> bool:
        if self.used >= self.limit:
            return False
        self.used += 1
        return True

    def give_back(self) -> None:
        self.used = max(0, self.used - 1)


class IdleClock:
    """When the player last pressed a key; says when to warn and when to end the session."""

    def __init__(self, limits: Limits, clock=time.monotonic) -> None:
        self.limits, self.clock = limits, clock
        self.last_input = clock()
        self.warned = False

    def touch(self) -> None:
        self.last_input = self.clock()
        self.warned = False

    def idle(self) -> float:
        return self.clock() - self.last_input

    def due(self) -> str | None:
        """'warn' once when the warning is due, 'end' when the timeout has passed, else None."""
        timeout = self.limits.idle_timeout
        if not timeout:
            return None
        idle = self.idle()
        if idle >= timeout:
            return "end"
        if not self.warned and idle >= timeout - self.limits.idle_warning:
            self.warned = True
            return "warn"
        return None
