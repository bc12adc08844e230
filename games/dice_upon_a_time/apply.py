"""Carrying out Dice Upon a Time commands: a turn's five phases in order (place a die, its face acts,
move, the field acts, complete quests), answers to questions, passing, and the chapter's end.
`apply` is the one entry the game uses."""
from __future__ import annotations

from games.core.messages import Command, Event
from games.core.questions import answer_first
from games.dice_upon_a_time import trades
from games.dice_upon_a_time.board import TOKEN_NAMES
from games.dice_upon_a_time.chapters import end_chapter, seating
from games.dice_upon_a_time.commands import (
    Answer, CompleteQuest, EndTurn, Move, OfferTrade, Pass, PlaceDie, PlayMagic, Stay, UseAbility,
    UseRabbit,
)
from games.dice_upon_a_time.content import Content
from games.dice_upon_a_time.dice import face_text, is_route
from games.dice_upon_a_time.effects import (
    answering, apply_effect, draw_magic, draw_quest, draw_story, gain, go, resolve_story,
    take_from_field,
)
from games.dice_upon_a_time.events import DiePlaced, Happened, Passed, QuestCompleted, Told
from games.dice_upon_a_time.legal import question_options
from games.dice_upon_a_time.state import QUEST_LIMIT, DiceState, Placed, Question
from games.dice_upon_a_time.state import MOVE, OVER, PLACE, QUESTS, SET_FOX


def apply(state: DiceState, content: Content, seat: int, command: Command) -> list[Event]:
    """Carry out a legal command, then let play run on until someone must decide."""
    out: list[Event] = []
    # the most frequent in play first (distinct classes: the order changes nothing else)
    if isinstance(command, EndTurn):
        out += next_turn(state, content)
    elif isinstance(command, PlaceDie):
        place(state, content, seat, command.die, command.socket, out)
    elif isinstance(command, Answer):
        answer(state, content, command.choice, out)
    elif isinstance(command, UseAbility):
        player = state.players[seat]
        player.ability_used = True
        character = content.characters[player.character]
        out.append(Told(seat, f"used {character.name}'s ability: {character.text}"))
        apply_effect(state, content, seat, character.effect, out)
    elif isinstance(command, OfferTrade):
        trades.offer(state, content, seat, command.partner, command.give, command.take, out)
    elif isinstance(command, PlayMagic):
        card = content.magic[command.card]
        state.players[seat].magic.remove(command.card)
        out.append(Told(seat, f"played the Magic Item {card.title}."))
        apply_effect(state, content, seat, card.effect, out)
        state.magic_discard.append(command.card)  # after its effect: it never draws itself back
    elif isinstance(command, Move):
        route = content.board.routes[state.activated]
        state.phase = QUESTS
        go(state, content, seat, route.other(state.players[seat].field), "", out)
    elif isinstance(command, Stay):
        state.activated, state.phase = None, QUESTS
    elif isinstance(command, UseRabbit):
        route = content.board.routes[command.route]
        state.players[seat].rabbit -= 1
        state.acted, state.phase = True, QUESTS
        go(state, content, seat, route.other(state.players[seat].field), "on a Rabbit token", out)
    elif isinstance(command, Pass):
        state.players[seat].passed = True
        out.append(Passed(seat))
        out += next_turn(state, content)
    elif isinstance(command, CompleteQuest):
        complete(state, content, seat, command.card, out)
    settle(state, content, out)
    return out


def where(content: Content, socket: str) -> str:
    if is_route(socket):
        a, b = content.board.routes[int(socket[1:])].ends
        return f"the route {content.board.fields[a].name}–{content.board.fields[b].name}"
    return {"fox1": "the Fox", "fox2": "the Fox"}.get(socket, f"the {socket.capitalize()}")


def place(state: DiceState, content: Content, seat: int, die: int, socket: str, out: list[Event]) -> None:
    """Phase 1 and 2: the die goes on the socket; its special face acts (only placed like this, by
    the active player in their own turn); a route touching the figure's field is activated."""
    player = state.players[seat]
    face = player.pool.pop(die)
    state.sockets[socket] += (Placed(seat, die, face),)
    out.append(DiePlaced(seat, face, socket, where(content, socket)))
    state.acted, state.phase = True, MOVE
    if is_route(socket):
        route = content.board.routes[int(socket[1:])]
        state.activated = route.index if player.field in route.ends else None
    if face == "magic":
        draw_magic(state, content, seat, out)
    elif face == "story":
        draw_story(state, content, seat, out)
    elif face == "double":
        state.doubling = True
        out.append(Happened("Token Doubling: tokens taken on arrival this turn are one more."))
    if socket == "wolf":
        state.wolf_used = True
        hungry = [s for s in seating(state, seat)[1:] if state.players[s].pool]
        out.append(Happened("The Wolf gobbles: every other player gives it an unused die."))
        state.questions += [Question(s, "wolf die", ()) for s in hungry]


def complete(state: DiceState, content: Content, seat: int, card: str, out: list[Event]) -> None:
    player = state.players[seat]
    if card in player.quests:
        quest = content.quests[card]
        for token, n in quest.give:
            player.tokens[token] -= n
        if quest.item:
            player.tokens[quest.item] -= 1
        player.quests.remove(card)
        player.done.append(card)
        out.append(QuestCompleted(seat, quest.title, quest.value))
    else:  # an unlucky side quest whose terms are met
        story = content.stories[card]
        (key, value), = story.condition.items()
        if key == "give":
            for token, n in value.items():
                player.tokens[token] -= n
        player.side.remove(card)
        state.story_discard.append(card)
        out.append(Told(seat, f"got rid of the unlucky side quest {story.title}."))


def keep_kings_quest(state: DiceState, content: Content, seat: int, kept: str | None,
                     out: list[Event]) -> None:
    """The King's quests drawn: the one kept joins the player's quests, the others go under their
    decks; with five active quests none is kept and all three go back (docs/rulings.md)."""
    player = state.players[seat]
    if len(player.quests) >= QUEST_LIMIT:
        kept = None
    for card in state.king_hand:
        if card != kept:
            state.quest_decks[content.quests[card].value].insert(0, card)  # to the bottom
    state.king_hand = []
    if kept is not None:
        player.quests.append(kept)
        out.append(Told(seat, f"kept the King's quest {content.quests[kept].title}."))
    else:
        out.append(Told(seat, f"has {QUEST_LIMIT} active quests: the King's quests go back under "
                              "their decks."))


def answer(state: DiceState, content: Content, choice: str, out: list[Event]) -> None:
    """Answer the first question. What the answer sets off is asked next, before older questions
    (a card read on the way is dealt with before the rest of the turn)."""
    answer_first(state.questions, lambda question: _answer(state, content, question, choice, out))


def _answer(state: DiceState, content: Content, question: Question, choice: str, out: list[Event]) -> None:
    seat, kind = question.seat, question.kind
    player = state.players[seat]
    if kind == "trade":
        trades.answer(state, question, choice, out)
    elif kind == "story":
        resolve_story(state, content, seat, content.stories[question.data[0]], out)
    elif kind in ("magic cancel", "magic more", "magic steal", "magic ward"):
        if choice != "no":
            play_answer(state, content, question, choice, out)
    elif kind == "take":
        taker, token, count, receiver = state.taking
        state.taking = None
        gain(state, receiver, token, count, out)
    elif kind == "quest deck":
        draw_quest(state, content, seat, int(choice), out)
    elif kind == "king deck":
        state.king_hand.append(state.quest_decks[int(choice)].pop())
        if question.data[0] == 2 or not any(state.quest_decks.values()):
            state.questions = [q for q in state.questions if q.kind != "king deck"]
            if len(player.quests) < QUEST_LIMIT:
                state.questions.insert(0, Question(seat, "king keep", tuple(state.king_hand)))
            else:  # nothing may be kept, so nothing is asked (docs/rulings.md)
                keep_kings_quest(state, content, seat, None, out)
    elif kind == "king keep":
        keep_kings_quest(state, content, seat, choice, out)
    elif kind == "fairy token":
        take_from_field(state, content, seat, choice, question.data[0], out)
    elif kind == "steed":
        if choice != "stay":
            go(state, content, seat, choice, "by a Steed", out)
    elif kind == "wolf die":
        face = player.pool.pop(int(choice))
        state.gobbled.append(Placed(seat, int(choice), face))
        out.append(Told(seat, f"fed the Wolf a {face_text(face)}."))
    elif kind in ("bad luck", "choose"):
        story = content.stories[question.data[0]]
        apply_effect(state, content, seat, story.options[int(choice)], out)
    elif kind == "gain token":
        gain(state, seat, choice, 1, out)
    elif kind == "lose token":
        player.tokens[choice] -= 1
        out.append(Told(seat, f"lost a {TOKEN_NAMES[choice]}."))
    elif kind == "discard magic":
        player.magic.remove(choice)
        state.magic_discard.append(choice)
        out.append(Told(seat, "discarded a Magic Item card."))
    elif kind == "lose die":
        face = player.pool.pop(int(choice))
        out.append(Told(seat, f"set a {face_text(face)} aside until the chapter ends."))
    elif kind == "fox face":
        die = question.data[0]
        player.fox.pop(die, None)
        player.pool[die] = _face(choice)
        out.append(Told(seat, f"set a die from the Fox to {face_text(player.pool[die])}."))


def play_answer(state: DiceState, content: Content, question: Question, card: str,
                out: list[Event]) -> None:
    """A Magic Item played in answer to the moment: cancel a Story card, one more token, take the
    tokens instead, or ward a card played against you off."""
    seat, kind = question.seat, question.kind
    state.players[seat].magic.remove(card)
    state.magic_discard.append(card)
    out.append(Told(seat, f"played the Magic Item {content.magic[card].title}."))
    if kind == "magic cancel":
        story = question.data[0]
        state.questions[:] = [q for q in state.questions if not (q.kind == "story" and q.data == (story,))]
        state.story_discard.append(story)
    elif kind == "magic more":
        taker, token, count, receiver = state.taking
        state.taking = (taker, token, count + 1, receiver)
    elif kind == "magic steal":
        taker, token, count, _ = state.taking
        state.taking = (taker, token, count, seat)
        wards = answering(state, content, taker, "magic_played", "ward")
        if wards:
            state.questions.append(Question(taker, "magic ward", (*wards, "no")))
    elif kind == "magic ward":
        taker, token, count, _ = state.taking
        state.taking = (taker, token, count, taker)


def _face(choice: str):
    return int(choice) if choice.isdigit() else choice


def settle(state: DiceState, content: Content, out: list[Event]) -> None:
    """Answer at once every question with one possible answer (and drop those with none); then, with
    nothing left to ask, let the turn's phases run on."""
    while state.questions and state.phase is not OVER:
        options = question_options(state, content, state.questions[0])
        if len(options) > 1:
            return
        if not options:
            state.questions.pop(0)
            continue
        answer(state, content, options[0], out)
    if state.phase is SET_FOX:
        state.phase = PLACE
    elif state.phase is MOVE:
        field = state.players[state.turn].field
        route = content.board.routes[state.activated] if state.activated is not None else None
        if route is None or field not in route.ends:
            state.activated, state.phase = None, QUESTS


def next_turn(state: DiceState, content: Content) -> list[Event]:
    """The next player clockwise who still has dice and has not passed; none: the chapter ends."""
    state.activated, state.doubling, state.acted, state.offered = None, False, False, []
    for seat in seating(state, state.turn)[1:] + [state.turn]:
        player = state.players[seat]
        if player.pool and not player.passed:
            state.turn, state.phase = seat, PLACE
            return []
    state.gobbled = []  # the Wolf gives its dice back with the rest
    return end_chapter(state, content)

