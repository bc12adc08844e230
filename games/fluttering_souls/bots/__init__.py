"""The Fluttering Souls bots, by level. Each takes a seed and decides from its seat's view only."""
from games.core.bots import RandomBot
from games.fluttering_souls.bots.easy import EasyBot
from games.fluttering_souls.bots.hard import HardBot

BOTS = {
    "random": RandomBot,
    "easy": EasyBot,
    "hard": HardBot,
}
