"""Once Upon a Line engine speed on a chapter: legal-placement enumeration and scratch actions per second.

The states are the ones the automatic player passes through on its way to the Epilogue. For each state
and each hero, every tile set's placements are listed (one enumeration per tile set), and every one of
those placements is played on a copy of the state (one scratch action each). The baseline in the same
run is copying a state, which every played action on a copy includes.
Run `python bench/oual_engine.py [--chapter prologue | --file path/to/chapter.toml]`.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from games.once_upon_a_line import apply, hero_tiles, legal
from games.once_upon_a_line.chapter import parse_chapter
from games.once_upon_a_line.content import load_chapter
from games.once_upon_a_line.commands import UseTiles
from games.once_upon_a_line.setup import new_chapter
from games.once_upon_a_line.proof import play_through


def states_of(chapter):
    state, states = new_chapter(chapter), []
    for command in play_through(chapter).commands:
        if state.pending is None:
            states.append(state.copy())
        apply.apply(state, command)
    return states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapter", default="prologue")
    parser.add_argument("--file", type=Path)
    args = parser.parse_args()
    chapter = parse_chapter(args.file.read_text(), args.file.name) if args.file \
        else load_chapter(args.chapter)
    states = states_of(chapter)
    jobs = [(s, h, ids) for s in states for h in s.in_play() if s.heroes[h].free_compartment() is not None
            for ids in hero_tiles.tile_sets(s, h)]
    start = time.perf_counter()
    found = [(s, h, ids, hero_tiles.placements_for(s, h, ids)) for s, h, ids in jobs]
    enum_seconds = time.perf_counter() - start
    placements = sum(len(f[3]) for f in found)
    plays = [(s, UseTiles(h, "+".join(ids), p.code)) for s, h, ids, ps in found for p in ps][:3000]
    start = time.perf_counter()
    for state, _ in plays:
        state.copy()
    copy_seconds = time.perf_counter() - start
    start = time.perf_counter()
    for state, command in plays:
        apply.apply(state.copy(), command)
    play_seconds = time.perf_counter() - start
    legal_start = time.perf_counter()
    legal_count = sum(len(legal.legal(s)) for s in states)
    legal_seconds = time.perf_counter() - legal_start
    print(f"chapter: {chapter.title} ({len(states)} states on the automatic player's path)")
    print(f"enumerations: {len(jobs)} tile sets, {placements} placements, "
          f"{len(jobs) / enum_seconds:,.0f} enumerations/s ({placements / enum_seconds:,.0f} "
          f"placements/s)")
    print(f"legal commands: {legal_count} over {len(states)} states, "
          f"{1000 * legal_seconds / len(states):.1f} ms per state")
    print(f"scratch actions: {len(plays)} played on copies, {len(plays) / play_seconds:,.0f} per second "
          f"(copying alone: {len(plays) / copy_seconds:,.0f} per second)")


if __name__ == "__main__":
    main()
