"""Shared pieces of every game: commands, events, the game protocol, seats, tables and the registry."""
from games.core.messages import Command, Event, Rejection, Accepted, decode_command, encode_command
from games.core.protocol import Game, Outcome
from games.core.seats import Seat, SeatKind
from games.core.table import Table

__all__ = [
    "Accepted", "Command", "Event", "Game", "Outcome", "Rejection", "Seat", "SeatKind", "Table",
    "decode_command", "encode_command",
]
