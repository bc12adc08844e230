"""A game's frame: setting up, the start of a chapter (rolling, the Snake die, the Fox's dice), its
end (the Spirit Animals' rewards in the rulebook's order), and the final scoring."""
from __future__ import annotations

from collections import Counter

from games.core.messages import Event
from games.core.rng import derive_rng
from games.dice_upon_a_time.content import Content
from games.dice_upon_a_time.dice import roll_pool, socket_ids
from games.dice_upon_a_time.effects import ask_quest, draw_magic, holds, roll_snake
from games.dice_upon_a_time.events import ChapterBegan, GameScored, Told
from games.dice_upon_a_time.state import (
    CHAPTERS, SHORT_CHAPTERS, SNAKE_DIE, DiceState, Player, Question,
)
from games.dice_upon_a_time.state import OVER, PLACE, SET_FOX

LENGTHS = {"normal": CHAPTERS, "short": SHORT_CHAPTERS, "extra long": 0}


def new_game(content: Content, seed: int, players: int, length: str) -> tuple[DiceState, list[Event]]:
    """Characters drawn, decks shuffled, a starting player chosen; everyone draws a Magic Item and two
    Quest cards (from decks of their choice), then the first chapter begins."""
    rng = derive_rng(seed, "setup")
    characters = sorted(content.characters)
    rng.shuffle(characters)
    state = DiceState(seed, [Player(characters[s]) for s in range(players)], LENGTHS[length])
    for value in (2, 3, 4):
        deck = sorted(q.id for q in content.quests.values() if q.value == value)
        rng.shuffle(deck)
        state.quest_decks[value] = deck
    state.magic_deck, state.story_deck = sorted(content.magic), sorted(content.stories)
    rng.shuffle(state.magic_deck)
    rng.shuffle(state.story_deck)
    state.sockets = {s: () for s in socket_ids(content.board)}
    state.first = state.turn = rng.randrange(players)
    out: list[Event] = [Told(s, f"drew the character {content.characters[p.character].name}.")
                        for s, p in enumerate(state.players)]
    for seat in seating(state):
        draw_magic(state, content, seat, out)
        ask_quest(state, seat, out, 2)
    out += start_chapter(state, content)
    return state, out


def seating(state: DiceState, start: int | None = None) -> list[int]:
    """Every seat clockwise from `start` (the starting player by default)."""
    first = state.first if start is None else start
    return [*range(first, len(state.players)), *range(first)]  # (no comprehension: a call less a turn)


def start_chapter(state: DiceState, content: Content) -> list[Event]:
    out: list[Event] = []
    rolls = []
    for seat, player in enumerate(state.players):
        player.pool = roll_pool(state, seat, content.dice)
        faces = list(player.pool.values())
        if player.snake:
            faces.append(roll_snake(state, content, seat, f"seat {seat} snake", out))
        rolls.append(tuple(faces))
        for die in sorted(player.fox):
            state.questions.append(Question(seat, "fox face", (), (die,)))
    state.turn, state.phase = state.first, SET_FOX if state.questions else PLACE
    state.acted, state.activated, state.doubling = False, None, False
    return [ChapterBegan(state.chapter, state.first, tuple(rolls)), *out]


def end_chapter(state: DiceState, content: Content) -> list[Event]:
    """Take the dice back in the rulebook's order: the Spirit Animals' rewards first, then the rest.
    Then the next chapter begins, or the game is scored."""
    out: list[Event] = []
    snake, rabbit = state.sockets["snake"], state.sockets["rabbit"]
    for player in state.players:  # the Snake die was lent for one chapter: back to its field
        player.snake = False
    if snake:
        state.players[snake[-1].seat].snake = True
        out.append(Told(snake[-1].seat, "won the Snake die for the next chapter."))
    if rabbit:
        winner = rabbit[-1].seat
        state.first = winner
        state.players[winner].rabbit += 1
        out.append(Told(winner, "won the Rabbit: first in the next chapter, with a Rabbit token."))
    for socket in ("fox1", "fox2"):
        for die in state.sockets[socket]:
            if die.die != SNAKE_DIE:  # the Fox keeps dice of your own set, not the Snake's
                state.players[die.seat].fox[die.die] = die.face
    for socket in state.sockets:
        state.sockets[socket] = ()
    for player in state.players:
        player.pool, player.passed, player.ability_used = {}, False, False
    state.wolf_used = False
    if game_over(state):
        state.phase = OVER
        return out + [score(state, content)]
    state.chapter += 1
    return out + start_chapter(state, content)


def game_over(state: DiceState) -> bool:
    if state.chapters:
        return state.chapter >= state.chapters
    return bool(state.decks_ran_out_in)  # extra long: the chapter in which the decks ran out ends it


def side_points(state: DiceState, content: Content, seat: int) -> int:
    player, total = state.players[seat], 0
    for card in player.side:
        story = content.stories[card]
        if story.kind == "unlucky" or condition_met(state, content, seat, story.condition):
            total += story.points
    return total


def condition_met(state: DiceState, content: Content, seat: int, condition: dict) -> bool:
    (key, value), = condition.items()
    player = state.players[seat]
    if key == "at":
        return player.field == value
    if key == "at_kind":
        return content.board.fields[player.field].kind == value
    if key in ("tokens", "give"):
        return holds(player.tokens, value)
    if key == "quests_done":
        return len(player.done) >= value
    return len(player.magic) >= value  # "magic"


def score(state: DiceState, content: Content) -> GameScored:
    scores = []
    for seat, player in enumerate(state.players):
        done = sum(content.quests[q].value for q in player.done)
        scores.append(done + side_points(state, content, seat))
    best = max(scores)
    state.scores = scores
    return GameScored(tuple(scores), tuple(s for s, p in enumerate(scores) if p == best))


def tokens_of(player: Player) -> Counter:
    return Counter({t: n for t, n in player.tokens.items() if n})
