"""The Questline bots, by level. Each takes a seed and decides from its seat's view only."""
from games.core.bots import RandomBot
from games.questline.bots.easy import EasyBot
from games.questline.bots.hard import HardBot

BOTS = {
    "random": RandomBot,
    "easy": EasyBot,
    "hard": HardBot,
}
