"""Who acts in Dice Upon a Time, the commands each may send now, and why anything else is refused,
in a player's words: together, in one place. Whoever owes an answer to a question acts, even out of
turn (the Wolf asks every player for a die)."""
from __future__ import annotations

from games.core.messages import Command, Shared
from games.dice_upon_a_time import trades
from games.dice_upon_a_time.board import TOKENS
from games.dice_upon_a_time.commands import (
    Answer, CompleteQuest, EndTurn, Move, OfferTrade, Pass, PlaceDie, PlayMagic, Stay, UseAbility,
    UseRabbit,
)
from games.dice_upon_a_time.content import Content
from games.dice_upon_a_time.dice import placement_problem, placements
from games.dice_upon_a_time.effects import holds, open_quest_decks
from games.dice_upon_a_time.state import QUEST_LIMIT, DiceState, Question
from games.dice_upon_a_time.state import MOVE, OVER, PLACE, QUESTS

WAITING = {"quest deck": "choose a Quest deck to draw from", "king deck": "draw at the King",
           "king keep": "keep one of the King's quests", "fairy token": "take a token from the Fairy",
           "steed": "ride a Steed or stay", "wolf die": "feed the Wolf a die",
           "bad luck": "choose a misfortune", "choose": "choose the opponents' gift",
           "gain token": "choose a token", "lose token": "choose a token to lose",
           "discard magic": "discard a Magic Item card", "lose die": "set a die aside",
           "fox face": "set a die from the Fox", "story": "read the Story card",
           "magic cancel": "decide whether to cancel the Story card with a Magic Item",
           "magic more": "decide whether to take one more token with a Magic Item",
           "magic steal": "decide whether to take those tokens with a Magic Item",
           "magic ward": "decide whether to ward the Magic Item off", "take": "take the tokens",
           "trade": "answer a trade offer"}


def to_act(state: DiceState) -> tuple[int, ...]:
    """Whoever owes an answer (questions.asked), else the active player; nobody once it is over."""
    if state.phase is OVER:
        return ()
    questions = state.questions
    return (questions[0].seat,) if questions else (state.turn,)


def question_options(state: DiceState, content: Content, question: Question) -> tuple[str, ...]:
    """The answers a question allows now (some depend on the moment it is asked)."""
    if question.options:
        return question.options
    player = state.players[question.seat]
    kind = question.kind
    if kind in ("quest deck", "king deck"):
        if kind == "quest deck" and len(player.quests) >= QUEST_LIMIT:
            return ()
        return tuple(map(str, open_quest_decks(state)))  # (map, not a generator: a call less)
    if kind in ("wolf die", "lose die"):
        return tuple(map(str, sorted(player.pool)))
    if kind == "lose token":
        return tuple(t for t in TOKENS if player.tokens[t] > 0)
    if kind == "discard magic":
        return tuple(player.magic)
    if kind == "magic steal":
        taking = state.taking
        if taking is None or taking[3] != taking[0]:  # already taken by someone else's card
            return ()
        from_hand = tuple(dict.fromkeys(c for c in player.magic if content.magic[c].does == "steal"))
        return (*from_hand, "no") if from_hand else ()
    if kind == "trade":
        return trades.answer_options(state, question)
    if kind == "fox face":
        faces = content.dice[question.data[0]]
        return tuple(dict.fromkeys(map(str, faces)))
    return ()


def rabbit_routes(state: DiceState, content: Content, seat: int) -> list[int]:
    field = state.players[seat].field
    return [r.index for r in content.board.routes_from[field]]


def completable(state: DiceState, content: Content, seat: int) -> list[str]:
    """Active quests whose terms are met where the figure stands, and unlucky side quests it can
    shed (no token serves two quests: each is checked on its own, the player chooses)."""
    player = state.players[seat]
    out = []
    for card in player.quests:
        quest = content.quests[card]
        if quest.at and quest.at != player.field:
            continue
        if holds(player.tokens, quest.give) and (not quest.item or player.tokens[quest.item] > 0):
            out.append(card)
    for card in player.side:
        story = content.stories[card]
        if story.kind == "unlucky" and _shed(state, content, seat, story.condition):
            out.append(card)
    return out


def _shed(state: DiceState, content: Content, seat: int, condition: dict) -> bool:
    (key, value), = condition.items()
    player = state.players[seat]
    if key == "at":
        return player.field == value
    if key == "at_kind":
        return content.board.fields[player.field].kind == value
    if key in ("give", "tokens"):
        return holds(player.tokens, value)
    return False


def own_turn_extras(state: DiceState, content: Content, seat: int, out: list[Command]) -> list[Command]:
    """Magic Items that act in your own turn, your character's ability once a chapter, and the
    simplest trade offers to the players met (trades.py), added to `out`."""
    player = state.players[seat]
    if player.magic:  # (loops, not comprehensions, here: a comprehension is a call more a move)
        magic = content.magic
        for card in dict.fromkeys(player.magic):
            item = magic[card]
            if item.when == "own_turn" and item.does == "effect":
                out.append(_PLAY_MAGIC[card])
    if not player.ability_used:
        out.append(_USE_ABILITY)
    field = player.field
    for other in state.players:  # alone on the field is the usual case: no list made to know it
        if other.field == field and other is not player:  # someone to trade with, perhaps
            out += map(_OFFERS.__getitem__, trades.swaps(state, seat))
            break
    return out


def place_extras(state: DiceState, content: Content, seat: int, out: list[Command]) -> list[Command]:
    """What the seat may do in its placing phase besides placing a die (the Rabbit's routes, passing,
    own_turn_extras), added to `out`: the end of the phase's legal list."""
    if state.players[seat].rabbit:
        out += map(_RABBITS.__getitem__, rabbit_routes(state, content, seat))
    out.append(_PASS)
    return own_turn_extras(state, content, seat, out)


# The commands legal lists hand out, made once (frozen values; a list is built for every move).
_ANSWERS, _COMPLETE, _PLAY_MAGIC = Shared(Answer), Shared(CompleteQuest), Shared(PlayMagic)
_RABBITS, _OFFERS = Shared(UseRabbit), Shared(OfferTrade, spread=True)
_PASS, _MOVE, _STAY, _END_TURN, _USE_ABILITY = Pass(), Move(), Stay(), EndTurn(), UseAbility()


def legal_commands(state: DiceState, content: Content, seat: int) -> list[Command]:
    questions = state.questions
    if questions:
        if questions[0].seat != seat or state.phase is OVER:
            return []
        return list(map(_ANSWERS.__getitem__, question_options(state, content, questions[0])))
    if seat != state.turn or state.phase is OVER:
        return []
    phase = state.phase
    if phase is PLACE:
        return place_extras(state, content, seat, placements(state, content.board, seat))
    if phase is MOVE:
        return own_turn_extras(state, content, seat, [_MOVE, _STAY])
    if phase is QUESTS:
        done: list[Command] = list(map(_COMPLETE.__getitem__, completable(state, content, seat)))
        done.append(_END_TURN)
        return own_turn_extras(state, content, seat, done)
    return []


def rejection(state: DiceState, content: Content, seat: int, command: Command) -> str | None:
    if state.questions:
        question = state.questions[0]
        if not isinstance(command, Answer):
            return f"First {WAITING[question.kind]}."
        options = question_options(state, content, question)
        return None if command.choice in options else f"Answer with one of: {', '.join(options)}."
    if isinstance(command, Answer):
        return "Nothing is waiting for an answer now."
    player, phase = state.players[seat], state.phase
    if isinstance(command, (PlayMagic, UseAbility)):
        return _extra_problem(state, content, seat, command)
    if isinstance(command, OfferTrade):
        return trades.offer_problem(state, content, seat, command.partner, command.give, command.take)
    if isinstance(command, (PlaceDie, UseRabbit, Pass)):
        if phase is not PLACE:
            return "You have placed your die this turn: move, complete quests, or end the turn."
        if isinstance(command, PlaceDie):
            return placement_problem(state, content.board, seat, command.die, command.socket)
        if isinstance(command, UseRabbit):
            if not player.rabbit:
                return "You have no Rabbit token."
            if command.route not in rabbit_routes(state, content, seat):
                return "A Rabbit token moves you along a route that starts where you stand."
        return None
    if isinstance(command, (Move, Stay)):
        return None if phase is MOVE else (
            "First place a die (or pass)." if phase is PLACE else "You have already moved.")
    if isinstance(command, CompleteQuest):
        if phase is not QUESTS:
            return "Quests are completed at the end of your turn, after moving."
        if command.card not in player.quests + player.side:
            return "That quest is not one of yours."
        if command.card not in completable(state, content, seat):
            return _quest_problem(state, content, seat, command.card)
        return None
    if isinstance(command, EndTurn):
        return None if phase is QUESTS else "First place a die (or pass)."
    return "Dice Upon a Time has no such move."


def _extra_problem(state: DiceState, content: Content, seat: int, command: Command) -> str | None:
    player = state.players[seat]
    if isinstance(command, UseAbility):
        return f"{content.characters[player.character].name}'s ability is used this chapter." \
            if player.ability_used else None
    if command.card not in player.magic:
        return "You do not hold that Magic Item card."
    card = content.magic[command.card]
    if card.when != "own_turn" or card.does != "effect":
        return f"{card.title} is played only when its moment comes, not as an action."
    return None


def _quest_problem(state: DiceState, content: Content, seat: int, card: str) -> str:
    player = state.players[seat]
    if card in player.side:
        return f"{content.stories[card].title}: its terms are not met here and now."
    quest = content.quests[card]
    if quest.at and quest.at != player.field:
        return f"{quest.title} is completed at {content.board.fields[quest.at].name}."
    if quest.item and not player.tokens[quest.item]:
        return (f"{quest.title} needs the {quest.item.capitalize()}, picked up at "
                f"{content.board.fields[quest.item_from].name}.")
    missing = ", ".join(f"{n} {t}" for t, n in quest.give if player.tokens[t] < n)
    return f"{quest.title} asks for {missing}."

