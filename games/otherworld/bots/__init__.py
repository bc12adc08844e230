"""The Otherworld bots, by level. Each takes a seed and decides from its seat's view only."""
from games.core.bots import RandomBot
from games.otherworld.bots.easy import EasyBot
from games.otherworld.bots.hard import HardBot

BOTS = {
    "random": RandomBot,
    "easy": EasyBot,
    "hard": HardBot,
}
