"""How a Dice Upon a Time bot plays its turn, at any level: each possible command is weighed by the
position it leads to (bots/plan.py), the best taken. The level says how far it looks (its own next
dice this chapter), whether it weighs the Spirit Animals, picks Quest decks, and denies the others.
Read from the seat's view only."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Sequence

from games.core.messages import Command
from games.core.protocol import Bot
from games.dice_upon_a_time.bots import answers
from games.dice_upon_a_time.bots.plan import (
    FOX, Level, MAGIC_CARD, MOVE, STORY_CARD, Spot, arrive, chapters_left, effect_on, spot_of, value,
)
from games.dice_upon_a_time.commands import (
    CompleteQuest, EndTurn, Move, Pass, PlaceDie, PlayMagic, Stay, UseAbility, UseRabbit,
)
from games.dice_upon_a_time.content import game_content
from games.dice_upon_a_time.dice import is_route, socket_height, socket_refusal, worth
from games.dice_upon_a_time.view import DiceView, Phase, Placed


@dataclass(frozen=True)
class Table:
    """What a plan needs to know of the board: the towers on each socket, who may place."""

    towers: dict[str, tuple[Placed, ...]]
    players: int
    wolf_used: bool
    seat: int

    def fits(self, face: Any, socket: str) -> bool:
        return socket_refusal(game_content().board, socket, self.towers[socket],
                              socket_height(socket, self.players), self.seat, face, self.wolf_used) is None

    def placing(self, face: Any, socket: str) -> "Table":
        towers = dict(self.towers)
        towers[socket] = towers[socket] + (Placed(self.seat, -1, face),)
        return replace(self, towers=towers)


class DiceBot(Bot):
    level: Level

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @property
    def name(self) -> str:  # type: ignore[override]
        return self.level.name

    def choose(self, view: DiceView, legal: Sequence[Command], seat: int) -> Command:
        if len(legal) == 1:
            return legal[0]
        if view.question is not None:
            return answers.answer(self.level, self.rng, view, legal, seat)
        spot = spot_of(view, seat, self.level.chains)
        extra = self.extra(view, legal, seat, spot)
        if extra is not None:
            return extra
        if view.phase is Phase.QUESTS:
            return self.quests(view, legal, seat, spot)
        if view.phase is Phase.MOVE:
            return self.move_or_stay(view, legal, seat, spot)
        return self.place(view, legal, seat, spot)

    # -- the turn's phases --------------------------------------------------------------------------

    def place(self, view: DiceView, legal: Sequence[Command], seat: int, spot: Spot) -> Command:
        table = Table(dict(view.sockets), len(view.players), view.wolf_used, seat)
        pool = dict(view.players[seat].pool)
        best, best_worth = None, float("-inf")
        staying: dict = {}  # a die placed where it moves nobody: one plan per face, wherever it goes
        for command in legal:
            if isinstance(command, PlaceDie):
                weighed = self.placement(view, seat, spot, pool, table, command, staying)
            elif isinstance(command, UseRabbit):
                route = game_content().board.routes[command.route]
                after = arrive(replace(spot, moves=spot.moves - 1), route.other(spot.field))
                weighed = self.ahead(after, _faces(pool), table, self.level.lookahead)
            elif isinstance(command, Pass):
                weighed = value(replace(spot, moves=spot.moves - len(pool))) - MOVE * len(pool)
            else:
                continue
            weighed += self.rng.gauss(0, self.level.noise) if self.level.noise else 0.0
            if weighed > best_worth:
                best, best_worth = command, weighed
        return best

    def placement(self, view: DiceView, seat: int, spot: Spot, pool: dict, table: Table,
                  command: PlaceDie, staying: dict) -> float:
        face = pool[command.die]
        rest = _faces(pool, without=command.die)
        base = replace(spot, moves=spot.moves - 1)
        if face == "magic":
            base = replace(base, magic=base.magic + 1)
        elif face == "story":
            base = replace(base, bonus=base.bonus + STORY_CARD)
        thrift = 0.02 * worth(face)  # the same move with a smaller die keeps the bigger for later
        if (face, rest) not in staying:
            staying[face, rest] = self.ahead(base, rest, table, self.level.lookahead)
        stay = staying[face, rest]
        if not is_route(command.socket):
            return stay + self.spirit(view, seat, command.socket, face) - thrift
        route = game_content().board.routes[int(command.socket[1:])]
        if spot.field not in route.ends:
            return stay - thrift
        moved = arrive(base, route.other(spot.field), doubling=face == "double")
        after = table.placing(face, command.socket)
        return max(stay, self.ahead(moved, rest, after, self.level.lookahead)) - thrift

    def ahead(self, spot: Spot, faces: tuple, table: Table, depth: int) -> float:
        """The best this seat can reach with its next `depth` dice, if the others leave it be."""
        best = value(spot)
        if depth <= 0 or not faces:
            return best
        board = game_content().board
        for i, face in enumerate(faces):
            if face in faces[:i]:
                continue
            rest = faces[:i] + faces[i + 1:]
            for route in board.routes_from[spot.field]:
                socket = f"r{route.index}"
                if not table.fits(face, socket):
                    continue
                moved = arrive(replace(spot, moves=spot.moves - 1), route.other(spot.field),
                               doubling=face == "double")
                best = max(best, self.ahead(moved, rest, table.placing(face, socket), depth - 1))
        return best

    def spirit(self, view: DiceView, seat: int, socket: str, face: Any) -> float:
        """What a die on a Spirit Animal brings (the easy bot does not weigh it)."""
        if not self.level.spirits:
            return 0.0
        later = chapters_left(view) > 0
        others = [p for s, p in enumerate(view.players) if s != seat]
        dice_left = sum(len(p.pool) for p in others if not p.passed)
        limit = socket_height(socket, len(view.players))
        height = len(dict(view.sockets)[socket]) + 1
        kept = 1.0 if height >= limit or dice_left == 0 else (0.6 if worth(face) == 6 else 0.3)
        if socket == "wolf":
            return 0.55 * sum(1 for p in others if p.pool)
        if socket == "rabbit":
            return (MOVE + 0.3) * kept if later else 0.0
        if socket == "snake":
            return 0.5 * kept if later else 0.0
        if socket in ("fox1", "fox2"):
            return MOVE * FOX if later else 0.0
        return 0.0

    def move_or_stay(self, view: DiceView, legal: Sequence[Command], seat: int, spot: Spot) -> Command:
        route = game_content().board.routes[view.activated]
        table = Table(dict(view.sockets), len(view.players), view.wolf_used, seat)
        faces = _faces(dict(view.players[seat].pool))
        moved = arrive(spot, route.other(spot.field), doubling=view.doubling)
        go = self.ahead(moved, faces, table, self.level.lookahead)
        stay = self.ahead(spot, faces, table, self.level.lookahead)
        return Move() if go >= stay else Stay()

    def quests(self, view: DiceView, legal: Sequence[Command], seat: int, spot: Spot) -> Command:
        content = game_content()
        done = [c for c in legal if isinstance(c, CompleteQuest)]
        mains = [c for c in done if c.card in content.quests]
        if mains:
            return max(mains, key=lambda c: (content.quests[c.card].value, c.card))
        for command in done:  # an unlucky side quest: rid of it when its price is below its points
            story = content.stories[command.card]
            cost = value(spot) - value(effect_on(spot, {"lose_token": story.condition.get("give", {})}))
            if cost < -story.points:
                return command
        return EndTurn()

    def extra(self, view: DiceView, legal: Sequence[Command], seat: int, spot: Spot) -> Command | None:
        """A Magic Item or the character's ability, when its effect is worth more than holding it: a
        move by card only after the turn's own move, a new roll only before placing."""
        content = game_content()
        pool = view.players[seat].pool
        now = value(spot)
        best, best_gain = None, 0.05
        for command in legal:
            if isinstance(command, PlayMagic):
                effect, cost = content.magic[command.card].effect, MAGIC_CARD
            elif isinstance(command, UseAbility):
                effect = content.characters[view.players[seat].character].effect
                cost = 0.0
            else:
                continue
            (key, _), = effect.items()
            if key == "go" and view.phase is not Phase.QUESTS:
                continue
            if key == "reroll" and (view.phase is not Phase.PLACE or len(pool) < 2):
                continue
            gain = value(effect_on(spot, effect, pool)) - now - cost
            if gain > best_gain:
                best, best_gain = command, gain
        return best


def _faces(pool: dict, without: int | None = None) -> tuple:
    """The faces of the unused dice, for a plan (which die shows a face does not matter)."""
    return tuple(sorted((f for d, f in pool.items() if d != without), key=lambda f: (worth(f), str(f))))
