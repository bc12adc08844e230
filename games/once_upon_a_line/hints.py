"""Help for the stuck, after the rulebook's "Stuck?" advice: where to look (a card to read again, an
ongoing instruction, a zone with a word begun, a Lock box, the main quest), never the answer."""
from __future__ import annotations

from games.once_upon_a_line.grid import ZONE_NAMES
from games.once_upon_a_line.state import LineState
from games.once_upon_a_line.telling import tell


def hints(state: LineState) -> tuple[str, ...]:
    chapter, grid, uncovered = state.chapter, state.chapter.grid, state.uncovered
    words = {w.text: w for w in grid.words}

    def found(text: str) -> bool:
        return all(c in uncovered for c in words[text].cells)

    out: list[str] = []
    for key in state.read:  # a word on a card read and not uncovered yet
        if key in state.discarded:
            continue
        card = chapter.cards[key]
        missing = {words[m.word].zone for m in card.mentions()
                   if not m.black and m.word in words and not found(m.word)}
        if missing:
            zones = " and ".join(ZONE_NAMES[z] for z in sorted(missing))
            out.append(f"Read card {key} ({card.title}) again: it names a word you have not "
                       f"uncovered yet, in the {zones} zone.")
    finished = {c for w in grid.words if found(w.text) for c in w.cells}
    begun = sorted({w.zone for w in grid.words  # scratched into, beyond the words found
                    if any(c in uncovered and c not in finished for c in w.cells) and not found(w.text)})
    for zone in begun:
        out.append(f"A word in the {ZONE_NAMES[zone]} zone is begun and not finished: its bar | "
                   "or brace } on the grid shows where it starts or ends.")
    for key in state.read:  # an ongoing instruction forgotten
        if key in state.discarded:
            continue
        for ins in chapter.cards[key].instructions:
            if not ins.now:
                out.append(f"Card {key} ({chapter.cards[key].title}) has an ongoing instruction: "
                           f"{tell(ins, chapter.currency)}.")
    for name, cells in grid.locks.items():
        if name not in state.unlocked:
            zones = {grid.zones[c] for c in cells if c in grid.zones}
            where = f" in the {ZONE_NAMES[min(zones)]} zone" if zones else ""
            out.append(f"A Lock box{where} opens only when a card says so: look for the card that "
                       "speaks of what it keeps.")
    out.append(f"The chapter's main quest: {chapter.main_quest}")
    if state.pending is not None and state.pending.kind == "riddle":
        out.append("A riddle waits: each clue costs a ? square; giving up shows the answer for two.")
    return tuple(dict.fromkeys(out))  # two Lock boxes of one zone: said once
