"""The Dice Upon a Time bots, by level. Each takes a seed and decides from its seat's view only."""
from games.core.bots import RandomBot

BOTS = {"random": RandomBot}
