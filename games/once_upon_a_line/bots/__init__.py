"""Once Upon a Line has no opponents; the random player drives property tests and selfplay."""
from games.core.bots import RandomBot

BOTS = {"random": RandomBot}
