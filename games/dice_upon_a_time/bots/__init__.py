"""The Dice Upon a Time bots, by level. Each takes a seed and decides from its seat's view only."""
from games.core.bots import RandomBot
from games.dice_upon_a_time.bots.easy import EasyBot
from games.dice_upon_a_time.bots.hard import HardBot

BOTS = {
    "random": RandomBot,
    "easy": EasyBot,
    "hard": HardBot,
}
