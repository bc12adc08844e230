"""Stuck? The hints point to a card to read again, a zone where a word is begun, an ongoing
instruction, a Lock box and the main quest, never to a hidden word or square."""
from __future__ import annotations

from games.once_upon_a_line.commands import UseTiles
from games.once_upon_a_line.hints import hints
from tests.games.once_upon_a_line.conftest import fresh, play


def hidden_words(state) -> list[str]:
    return [w.text for w in state.chapter.grid.words
            if not all(c in state.uncovered for c in w.cells)]


def test_a_card_read_points_to_the_word_it_names_without_naming_it():
    state = fresh()  # HORSE is uncovered at the start and its card HOR names GLOVED
    told = hints(state)
    assert any(h.startswith("Read card HOR (The Grey Mare) again") and "green zone" in h for h in told)
    assert any("Lock box" in h for h in told) and told[-1].startswith("The chapter's main quest")
    for hint in told:
        for word in hidden_words(state):
            assert word not in hint.upper(), (word, hint)


def test_a_word_begun_is_pointed_to_by_its_zone():
    state = fresh()
    play(state, UseTiles("corvin", "s3", "A HORSE C4 down"))  # the V E D of GLOVED, not its G L
    told = hints(state)
    assert any("is begun and not finished" in h for h in told)
    for hint in told:
        for word in hidden_words(state):
            assert word not in hint.upper(), (word, hint)


def test_each_hint_is_given_once_even_with_two_lock_boxes_in_one_zone():
    from games.once_upon_a_line.content import load_chapter
    from games.once_upon_a_line.setup import new_chapter

    state = new_chapter(load_chapter("chapter-1"))  # two Lock boxes wait in the red zone
    told = hints(state)
    assert len(told) == len(set(told))
    assert sum("Lock box in the red zone" in h for h in told) == 1
