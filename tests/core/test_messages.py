"""Commands and events made with quick_init's __init__ (games/core/messages.py) behave as the frozen
dataclasses they are: the same parameters and defaults, every field stored, assignment refused,
equal and hashed by value, pickled, shown and written to saves as before."""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import pickle

import pytest

from games.core.messages import Command, Event, decode_command, encode_command, quick_init
from games.core.registry import all_games

for info in all_games():  # every game's commands and events, defined
    if info.rules_module:
        game = info.rules()
        importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".events")


def subclasses(base: type) -> list[type]:
    found, todo = [], [base]
    while todo:
        for cls in todo.pop().__subclasses__():
            if dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__:  # not the class
                found.append(cls)  # statement's first class, which @dataclass(slots=True) remade
            todo.append(cls)
    return found


MESSAGES = sorted(subclasses(Command) + subclasses(Event), key=lambda c: (c.__module__, c.__qualname__))


def test_every_game_message_is_found():
    names = {cls.__qualname__ for cls in MESSAGES}
    assert {"UseTiles", "SquaresScratched", "Happened", "TakeClue"} <= names
    assert len(MESSAGES) > 60


@pytest.mark.parametrize("cls", MESSAGES, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_message_made_by_quick_init_as_by_dataclass(cls):
    fields = dataclasses.fields(cls)
    assert all(name.startswith("_set_") for name in cls.__init__.__code__.co_freevars)
    assert cls.__init__.__code__.co_freevars or not fields  # quick_init's, not the dataclass's
    params = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in params] == [f.name for f in fields]
    assert [p.default for p in params] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields]
    values = [f"{f.name}-value" for f in fields]
    made, stored = cls(*values), object.__new__(cls)
    for field, value in zip(fields, values):  # what the dataclass's __init__ does
        object.__setattr__(stored, field.name, value)
    assert [getattr(made, f.name) for f in fields] == values
    assert made == stored and hash(made) == hash(stored) and repr(made) == repr(stored)
    assert made == cls(*values) and hash(made) == hash(cls(*values))
    assert pickle.loads(pickle.dumps(made)) == made
    if fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, fields[0].name, "changed")
        assert made == cls(*values)
        keywords = cls(**{f.name: v for f, v in zip(fields, values)})
        assert keywords == made
        with pytest.raises(TypeError):
            cls(*values, "one too many")


def test_defaults_and_save_codec():
    from games.once_upon_a_line.commands import UseSpecial, UseTiles
    from games.once_upon_a_line.events import SquaresScratched

    assert SquaresScratched("tansy", ("C3",)) == SquaresScratched("tansy", ("C3",), 0, "", ())
    command = UseTiles("tansy", "s3+s2", "C3>")
    assert encode_command(command) == {"type": "UseTiles", "hero": "tansy", "tiles": "s3+s2",
                                       "placement": "C3>"}
    assert decode_command(encode_command(command), [UseTiles]) == command
    assert UseSpecial("h", "t1") == UseSpecial("h", "t1", 0)
    assert decode_command(encode_command(UseSpecial("h", "t1")), [UseSpecial]) == UseSpecial("h", "t1")


def test_a_class_quick_init_cannot_serve_keeps_the_dataclass_init():
    @dataclasses.dataclass(frozen=True, slots=True)
    class Listed(Event):
        items: list = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked(Event):
        value: int

        def __post_init__(self):
            if self.value < 0:
                raise ValueError("negative")

    assert Listed().items == [] and Listed().items is not Listed().items
    with pytest.raises(ValueError):
        Checked(-1)
    before = Checked.__init__
    quick_init(Checked)
    assert Checked.__init__ is before
