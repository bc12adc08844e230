"""Questline final scoring: lay a questline out left to right (docs/rulings.md) and score it card by card."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from games.questline.cards import MAX_LEVEL, Ability, Card, Feature


@dataclass(frozen=True, slots=True)
class Placement:
    """A card in a questline; `level` is the level chosen for a "?" card (2-7), None for the others."""

    card: Card
    level: int | None = None

    def __post_init__(self) -> None:
        if self.card.wild and not (isinstance(self.level, int) and 2 <= self.level <= MAX_LEVEL):
            raise ValueError(f'the "?" card {self.card.name} needs a level from 2 to {MAX_LEVEL}')
        if not self.card.wild and (self.level is not None or not self.card.levels):
            raise ValueError(f"{self.card.name} cannot be laid in a questline at a chosen level")

    @property
    def levels(self) -> tuple[int, ...]:
        return (self.level,) if self.card.wild else self.card.levels

    def __repr__(self) -> str:
        return f"{self.card.name} ({self.card.level_text() if self.level is None else self.level})"


def spend_order(feature: Feature) -> tuple:
    """Which unused shortcut is spent first: a named terrain or tag before `any`, which fits every card."""
    return (feature.axis == "any", feature.axis, feature.value)


@dataclass
class Layout:
    """The outcome of laying out: face-down cards with the level each fills, and the shortcuts used."""

    face_down: dict[int, int] = field(default_factory=dict)  # position -> level filled
    skipped: dict[int, list[int]] = field(default_factory=dict)  # position -> levels skipped before it
    used: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)  # (card, ability): (level, at)
    scored: list[int] = field(default_factory=list)  # positions of scored cards, left to right


def lay_out(line: Sequence[Placement]) -> Layout:
    """Walk the questline: skip missing levels with shortcuts, fill the rest face down, score the others."""
    out, present = Layout(), set()
    unused: list[tuple[tuple, int, int, Feature]] = []  # (spend order, card, ability, before), scored
    for i, placed in enumerate(line):
        if i in out.face_down:
            continue
        low = min(placed.levels)
        _skip_with_shortcuts(i, placed.card, low, present, unused, out)
        for level in range(1, low):
            if level not in present:
                present.add(level)
                out.face_down[_highest_open(line, i, out.face_down)] = level
                if i in out.face_down:
                    break
        if i not in out.face_down:
            out.scored.append(i)
            present.update(placed.levels)
            unused += [(spend_order(a.feature), i, k, a.feature)
                       for k, a in enumerate(placed.card.abilities) if a.kind == "shortcut"]
    return out


def _skip_with_shortcuts(i: int, card: Card, low: int, present: set[int],
                         unused: list[tuple[tuple, int, int, Feature]], out: Layout) -> None:
    """Skip the run of missing levels directly below `low`, one unused fitting shortcut each."""
    level = low - 1
    while level >= 1 and level not in present:
        fitting = [u for u in unused if card.shows(u[3])]
        if not fitting:
            return
        spent = min(fitting)
        unused.remove(spent)
        present.add(level)
        out.skipped.setdefault(i, []).append(level)
        out.used[spent[1], spent[2]] = (level, i)
        level -= 1


def _highest_open(line: Sequence[Placement], start: int, face_down: dict[int, int]) -> int:
    """The highest-level card from `start` on that is not face down; the rightmost on a tie."""
    open_ = [j for j in range(start, len(line)) if j not in face_down]
    return max(open_, key=lambda j: (max(line[j].levels), j))


@dataclass(frozen=True, slots=True)
class CardScore:
    """One card's part of the score: its base stars and a (reason, stars) pair per ability."""

    card: Card
    position: int
    face_down: bool = False
    filled_level: int | None = None
    skipped: tuple[int, ...] = ()  # levels skipped by shortcuts just before this card
    base: int = 0
    reasons: tuple[tuple[str, int], ...] = ()

    @property
    def stars(self) -> int:
        return self.base + sum(stars for _, stars in self.reasons)

    def describe(self) -> str:
        parts = [] if self.face_down else [f"base {self.base}"]
        if self.skipped:
            parts.append("after skipping level " + ", ".join(map(str, self.skipped)))
        parts += [f"{text} ({stars:+d})" if stars else text for text, stars in self.reasons]
        return f"{self.position + 1}. {self.card.name}: {self.stars} - " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Tally:
    """A scored questline: the total and each card's score, left to right, then the epilogue."""

    total: int
    cards: tuple[CardScore, ...]
    epilogue: CardScore | None = None

    def lines(self) -> list[str]:
        rows = [score.describe() for score in self.cards]
        if self.epilogue:
            rows.append(f"Epilogue {self.epilogue.card.name}: {self.epilogue.stars}")
        return rows + [f"Total: {self.total}"]


def evaluate(line: Sequence[Placement], epilogue: Card | None = None) -> Tally:
    """Score a questline laid out left to right, with the epilogue after it."""
    layout = lay_out(line)
    cards = tuple(_face_down(line[i].card, i, layout) if i in layout.face_down
                  else _score_card(line, i, layout, epilogue) for i in range(len(line)))
    ending = CardScore(epilogue, len(line), base=epilogue.stars) if epilogue else None
    total = sum(score.stars for score in cards) + (ending.stars if ending else 0)
    return Tally(total, cards, ending)


def _face_down(card: Card, i: int, layout: Layout) -> CardScore:
    level = layout.face_down[i]
    return CardScore(card, i, face_down=True, filled_level=level, skipped=tuple(layout.skipped.get(i, ())),
                     reasons=((f"face down: fills level {level}", 0),))


def _score_card(line: Sequence[Placement], i: int, layout: Layout, epilogue: Card | None) -> CardScore:
    placed = line[i]
    base = placed.level if placed.card.wild else placed.card.stars
    reasons = tuple(_reason(a, k, line, i, layout, epilogue) for k, a in enumerate(placed.card.abilities))
    return CardScore(placed.card, i, skipped=tuple(layout.skipped.get(i, ())), base=base, reasons=reasons)


def _reason(a: Ability, k: int, line: Sequence[Placement], i: int, layout: Layout,
            epilogue: Card | None) -> tuple[str, int]:
    scored = layout.scored
    if a.kind == "quest":
        n = sum(line[j].card.shows(a.feature) for j in scored if j > i)
        return f"quest: {a.stars} per {a.feature} to the right x{n}", a.stars * n
    if a.kind == "mastery":
        n = _count_left(line, i, a.feature, scored)
        short = "" if n >= a.at_least else f" (only {n}, not met)"
        return f"mastery: {a.at_least} {a.feature} to the left{short}", 0 if short else a.stars
    if a.kind == "shortcut":
        if (i, k) not in layout.used:
            return f"shortcut before {a.feature}: not used", 0
        level, at = layout.used[i, k]
        return f"shortcut: skips level {level} before {line[at].card.name}", 0
    if a.kind == "setback":
        return f"setback: {a.skill} to the left no longer counts for masteries to the right", 0
    return _unique(a, line, i, scored, epilogue)


def _count_left(line: Sequence[Placement], i: int, feature: Feature, scored: list[int]) -> int:
    """Matches on scored cards left of i; skill icons left of a scored setback for that skill do not count."""
    left = [j for j in scored if j < i]
    if feature.axis == "skill":
        cuts = [j for j in left if any(b.kind == "setback" and b.skill == feature.value
                                       for b in line[j].card.abilities)]
        left = [j for j in left if not cuts or j >= cuts[-1]]
    return sum(line[j].card.shows(feature) for j in left)


def _unique(a: Ability, line: Sequence[Placement], i: int, scored: list[int],
            epilogue: Card | None) -> tuple[str, int]:
    terrain = line[i].card.terrain
    if a.effect == "variety":
        n = len({line[j].card.terrain for j in scored})
        return f"variety: {a.stars} per terrain x{n}", a.stars * n
    if a.effect == "kinship":
        n = sum(line[j].card.terrain == terrain for j in scored if j != i)
        return f"kinship: {a.stars} per other {terrain} card x{n}", a.stars * n
    if a.effect == "finale":
        last = scored[-1] == i
        return f"finale: {a.stars} as the last scored card" + ("" if last else " (not last)"), a.stars * last
    paid = epilogue is not None and epilogue.stars >= a.threshold
    return f"herald: {a.stars} if the epilogue is {a.threshold}+", a.stars * paid
