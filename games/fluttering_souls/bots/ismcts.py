"""Single-observer information-set MCTS for one round of Fluttering Souls.

Each iteration deals the unseen cards afresh (a determinization), walks one shared tree by UCB,
adds a node, plays the round out with a cheap greedy policy and credits the round's winner. Which
slots are open is public, so every determinization offers the same moves at a node: the tree can be
keyed by move alone.
"""
from __future__ import annotations

import math
import random

from games.fluttering_souls import apply
from games.fluttering_souls.bots.determinize import Determinizer
from games.fluttering_souls.bots.policy import EGGFLY, SCORE, STRIDE, index
from games.fluttering_souls.state import FlutterState, Phase

PLACE, KEEP = 18, 19  # moves are ints: a slot to collect, or these two Eggfly decisions
EXPLORE = 0.7
EPSILON = 0.15  # share of random moves in rollouts, so they do not all look alike
COLLECT, EGGFLY_PHASE = Phase.COLLECT, Phase.EGGFLY


class Node:
    __slots__ = ("visits", "reward", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0  # summed from the view of the seat that moved into this node
        self.children: dict[int, Node] = {}


def moves(state: FlutterState) -> list[int]:
    if state.phase is EGGFLY_PHASE:
        return [PLACE, KEEP]
    return apply.open_slots(state)


def play(state: FlutterState, move: int) -> None:
    if move == PLACE:
        apply.place_eggfly(state)
    elif move == KEEP:
        apply.keep_eggfly(state)
    else:
        apply.collect(state, move)


def rollout_move(state: FlutterState, rng: random.Random) -> int:
    """Greedy on face-up open cards: my gain plus half of the rival's; sometimes a random move."""
    if state.phase is EGGFLY_PHASE:
        return PLACE if rng.random() < 0.25 else KEEP
    slots = apply.open_slots(state)
    if len(slots) == 1 or rng.random() < EPSILON:
        return rng.choice(slots)
    seat, cards = state.turn, state.cards
    mine, theirs = index(state.held[seat]), index(state.held[1 - seat])
    best, best_value = slots[0], -1.0
    for slot in slots:
        card = cards[slot]
        if card == EGGFLY:
            value = 0.3
        else:
            step = STRIDE[card]
            value = (SCORE[mine + step] - SCORE[mine]
                     + 0.5 * (SCORE[theirs + step] - SCORE[theirs]) + rng.random() * 0.2)
        if value > best_value:
            best, best_value = slot, value
    return best


def round_reward(state: FlutterState) -> float:
    """Seat 0's reward once the round is scored: mostly the win, a little the margin."""
    result = state.results[-1]
    margin = result.scores[0].total - result.scores[1].total
    margin = max(-10, min(10, margin))
    return 0.9 * (result.winner == 0) + 0.1 * (0.5 + margin / 20)


def search(det: Determinizer, rng: random.Random, iterations: int) -> int:
    """The most visited first move after `iterations` determinized playouts."""
    root = Node()
    log, sqrt = math.log, math.sqrt
    for _ in range(iterations):
        state = det.sample(rng)
        node, path = root, []
        while state.phase is COLLECT or state.phase is EGGFLY_PHASE:
            mover = state.turn
            options = moves(state)
            children = node.children
            untried = [m for m in options if m not in children]
            if untried:
                move = rng.choice(untried)
                child = children[move] = Node()
                play(state, move)
                path.append((child, mover))
                break
            scale = EXPLORE * sqrt(log(node.visits))
            move = max(options, key=lambda m: children[m].reward / children[m].visits
                       + scale / sqrt(children[m].visits))
            node = children[move]
            play(state, move)
            path.append((node, mover))
        while state.phase is COLLECT or state.phase is EGGFLY_PHASE:
            play(state, rollout_move(state, rng))
        reward = round_reward(state)
        root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.reward += reward if mover == 0 else 1.0 - reward
    return max(root.children.items(), key=lambda kv: kv[1].visits)[0]
