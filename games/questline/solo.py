"""Solo Questline: the solo setup, reset and completing against the rank chart."""
from __future__ import annotations

from games.core.messages import Event
from games.core.rng import derive_rng
from games.questline.events import DiscardAreaReset, EpilogueRevealed, GameScored, HandCompleted
from games.questline.decks import ADVENTURE_IDS, CARDS, CLASS_IDS, EPILOGUE_BY_STARS, is_epilogue, shuffle
from games.questline.state import Phase, QuestState

PILES, PILE_SIZE = 4, 5
SOLO_HAND_CLASS, SOLO_HAND_ADVENTURE = 2, 5
# Reputation needed for each rank, best first (thresholds from the rulebook; every name is ours).
RANKS = ((48, "Keeper of a Thousand Tales"), (44, "Hearth-Hall Laureate"),
         (40, "Market-Square Teller"), (36, "Tavern-Bench Yarner"), (28, "Nursery Rhymer"))


LOWEST_RANK = "Mumbling Apprentice"  # 27 stars or fewer (the rulebook's "<27" leaves 27 open)


def rank(stars: int) -> str:
    return next((name for floor, name in RANKS if stars >= floor), LOWEST_RANK)


def new_game(seed: int) -> QuestState:
    classes, pool = list(CLASS_IDS), list(ADVENTURE_IDS)
    shuffle(derive_rng(seed, "class deck"), classes)
    rng = derive_rng(seed, "solo piles")
    shuffle(rng, pool)
    piles = [pool[i * PILE_SIZE:(i + 1) * PILE_SIZE] for i in range(PILES)]
    rest = pool[PILES * PILE_SIZE:]
    deck = [EPILOGUE_BY_STARS[1]]  # the bottom of the adventure deck
    for pile, epilogue in zip(piles, (2, 3, 4, None)):
        if epilogue is not None:
            pile = pile + [EPILOGUE_BY_STARS[epilogue]]
        shuffle(rng, pile)
        deck += pile
    state = QuestState(seed, 1, True, False, classes, deck, [EPILOGUE_BY_STARS[6]], [[]], [[]],
                       [None], rest[SOLO_HAND_ADVENTURE:], [False], [None], phase=Phase.PLAY)
    refill(state)  # the rulebook reveals the discard area before the hand is drawn
    state.hands[0] = [classes.pop() for _ in range(SOLO_HAND_CLASS)] + rest[:SOLO_HAND_ADVENTURE]
    return state


def refill(state: QuestState) -> list[Event]:
    """One class card and two adventure cards into the discard area; epilogues turn face up."""
    events: list[Event] = []
    area = state.discards[0]
    if state.class_deck:
        area.append(state.class_deck.pop())
    drawn = 0
    while drawn < 2 and state.adventure_deck:
        card = state.adventure_deck.pop()
        if is_epilogue(card):
            state.epilogues.append(card)
            events.append(EpilogueRevealed(card))
        else:
            area.append(card)
            drawn += 1
    return events


def reset(state: QuestState) -> list[Event]:
    state.out_of_play += state.discards[0]
    state.discards[0] = []
    events = refill(state)
    return events + [DiscardAreaReset(tuple(state.discards[0]))]


def complete(state: QuestState) -> list[Event]:
    from games.questline.arrange import score_hand

    epilogue = min(state.epilogues, key=lambda c: CARDS[c].stars)
    state.epilogues.remove(epilogue)
    state.epilogue_of[0] = epilogue
    state.done[0] = True
    state.out_of_play += state.discards[0]
    state.discards[0] = []
    state.scores = [score_hand([CARDS[c] for c in state.hands[0]], CARDS[epilogue])]
    state.phase = Phase.OVER
    return [HandCompleted(0, epilogue), GameScored(tuple(state.scores), 0)]
