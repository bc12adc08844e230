"""The Dice Upon a Time screen's panels around the map, as Rich Text (players' names are text they
typed, never markup): the header, the players, your dice, your quests, the table in full and the
final scores."""
from __future__ import annotations

from typing import Sequence

from rich.style import Style
from rich.text import Text

from games.core.words import YOU, counted
from games.dice_upon_a_time.board import ITEMS
from games.dice_upon_a_time.content import game_content
from games.dice_upon_a_time.events import GameScored
from games.dice_upon_a_time.view import DiceView, Phase, PlayerView
from tui.games.dice_upon_a_time.map import short_name
from tui.games.dice_upon_a_time.text import (
    TOKEN_SHORT, effect_words, face_word, quest_line, quest_ready, quest_terms, tokens_line,
)
from tui.seats import seat_style

SIDE_WIDTH = 21
COMPACT = {"coin": "c", "bread": "b", "apple": "a"}
PHASES = {Phase.PLACE: "placing", Phase.MOVE: "moving", Phase.QUESTS: "completing quests"}


def banked(player: PlayerView) -> int:
    content = game_content()
    return sum(content.quests[q].value for q in player.done)


def card_title(card: str) -> str:
    content = game_content()
    return content.quests[card].title if card in content.quests else content.stories[card].title


def header(view: DiceView, names: Sequence[str]) -> Text:
    chapters = f"{view.chapter}/{view.chapters}" if view.chapters else f"{view.chapter} (extra long)"
    decks = " ".join(f"{v}:{n}" for v, n in view.quest_decks)
    text = Text(f"Dice Upon a Time · chapter {chapters} · ", style="bold")
    if view.question is not None:  # the seat asked acts now, whoever's turn it is
        name = names[view.question.seat]
        text.append("your choice" if name == YOU else f"{name} chooses", style="bold")
    elif view.phase is not Phase.OVER:
        name = names[view.turn]
        doing = PHASES.get(view.phase, "")
        if name == YOU:
            told = f"your turn: {doing}" if doing else "your turn"
        else:
            told = f"{name} {doing}" if doing else f"{name}'s turn"
        text.append(told, style="bold")
    text.append(f" · quest decks {decks}")
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def compact_tokens(player: PlayerView) -> str:
    """'2c 1b Bow': c coin, b bread, a apple, special items by name."""
    parts = [f"{n}{COMPACT[t]}" if t in COMPACT else TOKEN_SHORT[t][:4] for t, n in player.tokens if n]
    return " ".join(parts) or "no tokens"


def players(view: DiceView, names: Sequence[str], acting: Sequence[int], no_color: bool) -> Text:
    """Three lines a player: name and points; field, dice left, quests; tokens and cards."""
    board = game_content().board
    text = Text(no_wrap=True, overflow="ellipsis")
    for seat, player in enumerate(view.players):
        if seat:
            text.append("\n")
        mark = "▶" if seat in acting else " "
        points = f"{banked(player)}AP"
        name = names[seat][:SIDE_WIDTH - 3 - len(points)]
        text.append(f"{seat + 1}", seat_style(seat, no_color))
        text.append(f"{mark}{name}".ljust(SIDE_WIDTH - len(points) - 1) + points,
                    Style(bold=seat == view.seat))
        dice = "passed" if player.passed else counted(len(player.pool), "die", "dice")
        text.append(f"\n {short_name(board, player.field)} · {dice} · q{len(player.quests)}")
        extras = [compact_tokens(player), f"· M{player.magic_count}"]
        if player.rabbit:
            extras.append(f"R{player.rabbit}")
        if player.snake:
            extras.append("Snk")
        if player.side:
            extras.append(f"side{len(player.side)}")
        text.append("\n " + " ".join(extras))
    return text


def dice_line(view: DiceView, chosen: int | None, rabbit: bool) -> Text:
    """Your unused dice by their keys, the chosen one lit; your Rabbit tokens and ability."""
    text = Text(no_wrap=True, overflow="ellipsis")
    if view.seat is None:
        return text.append("Your dice and Magic Items are hidden until a player is at the keyboard.")
    me = view.players[view.seat]
    text.append("Your dice ", style="bold")
    for die, face in me.pool:
        text.append(f"{die + 1}:", style="dim")
        text.append(face_word(face), style=Style(bold=True, reverse=die == chosen))
        text.append(" ")
    if not me.pool:
        text.append("none left " if not me.passed else "passed ")
    if me.rabbit:
        text.append(f"· r Rabbit ×{me.rabbit} ", style=Style(reverse=rabbit))
    character = game_content().characters[me.character]
    used = " (used)" if me.ability_used else ""
    text.append(f"· a ability{used}: {effect_words(character.effect)} · m "
                f"{counted(len(me.magic), 'Magic Item')}")
    return text


def quests(view: DiceView) -> Text:
    """Your active quests with what you hold of their price, then your side quests."""
    text = Text(no_wrap=True, overflow="ellipsis")
    if view.seat is None:
        return text
    me = view.players[view.seat]
    content = game_content()
    lines = []
    for card in me.quests:
        quest = content.quests[card]
        held, asked = quest_ready(quest, me)
        ready = held == asked
        where = short_name(content.board, quest.at) if quest.at else "anywhere"
        what = " ".join(f"{n}{TOKEN_SHORT[t][0]}" for t, n in quest.give)
        if quest.item:
            what += f" {TOKEN_SHORT[quest.item]}"
        progress = "✓" if ready else f"{held}/{asked}"
        terms = " ".join(part for part in (what.strip(), progress) if part)
        lines.append((f"{quest.value} {where}: {terms} · {quest.title}", ready))
    if me.side:
        sides = ", ".join(content.stories[c].title for c in me.side)
        lines.append((f"side: {sides}", False))
    if not lines:
        return text.append("No quests yet: the Town deals one, the King three to choose from.")
    rows = (len(lines) + 1) // 2
    for r in range(rows):
        if r:
            text.append("\n")
        for c in (0, 1):
            i = r + c * rows
            if i < len(lines):
                line, ready = lines[i]
                cut = line if len(line) <= 38 else line[:37] + "…"
                text.append(cut.ljust(39), Style(bold=ready))
    return text


def details(view: DiceView, names: Sequence[str]) -> list[str]:
    """Everything on the table that the viewer may know, in full sentences."""
    content = game_content()
    out = []
    for seat, player in enumerate(view.players):
        character = content.characters[player.character]
        you = " (you)" if seat == view.seat and names[seat] != YOU else ""
        out.append(f"{seat + 1}. {names[seat]}{you}: {character.name}, at "
                   f"{content.board.fields[player.field].name}, {banked(player)} AP so far")
        out.append(f"   Ability: {character.text}{' (used this chapter)' if player.ability_used else ''}")
        pool = " ".join(f"{d + 1}:{face_word(f)}" for d, f in player.pool) or "none"
        out.append(f"   Unused dice: {pool}{' (passed)' if player.passed else ''}")
        out.append(f"   Tokens: {tokens_line(player.tokens)}; Rabbit tokens {player.rabbit}"
                   f"{'; the Snake die' if player.snake else ''}")
        for card in player.quests:
            out.append(f"   Quest: {quest_line(card, player, content)}")
        for card in player.done:
            out.append(f"   Done: {content.quests[card].title} ({content.quests[card].value} AP)")
        for card in player.side:
            story = content.stories[card]
            out.append(f"   Side quest: {story.title}: {story.text}")
        if seat == view.seat:
            for card in player.magic:
                item = content.magic[card]
                out.append(f"   Magic Item: {item.title}: {item.text}")
        else:
            out.append(f"   Magic Items: {player.magic_count} (hidden)")
        out.append("")
    out.append("Quest decks: " + ", ".join(f"{counted(n, 'card')} of {v} AP" for v, n in view.quest_decks))
    out.append("Map: c coin, b bread, a apple; a tower's dice read bottom to top, M S B D the special "
               "faces (Magic Item, Story, Ban, Token Doubling: worth 6); · room for one more die.")
    items = ", ".join(TOKEN_SHORT[i] for i in ITEMS)
    out.append(f"Special items ({items}) serve only the quest that asks for them.")
    return out


def final_scores(view: DiceView, names: Sequence[str], scored: GameScored) -> Text:
    content = game_content()
    text = Text()
    for seat, player in enumerate(view.players):
        quests = banked(player)
        side = scored.scores[seat] - quests
        crown = "★ " if seat in scored.winners else "  "
        text.append(f"{crown}{names[seat]}: {scored.scores[seat]} AP", style="bold")
        text.append(f" ({counted(len(player.done), 'quest')} {quests}, side quests {side:+d})\n")
        for card in player.done:
            quest = content.quests[card]
            text.append(f"    {quest.title} {quest.value} · {quest_terms(quest, content)}\n", style="dim")
    text.append("\n" + scored.describe(names))
    return text
