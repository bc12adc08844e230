"""The Questline bots, by level. Each takes a seed and decides from its seat's view only."""
from games.core.bots import RandomBot
from games.questline.bots.easy import EasyBot

BOTS = {
    "random": RandomBot,
    "easy": EasyBot,
}
