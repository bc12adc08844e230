"""The easy Dice Upon a Time bot: takes the move that is best right now, one die at a time. It does
not plan its next dice, draws from Quest decks at random and leaves the Spirit Animals be unless
nothing better is left to do."""
from games.dice_upon_a_time.bots.plan import Level
from games.dice_upon_a_time.bots.play import DiceBot


class EasyBot(DiceBot):
    level = Level("easy", lookahead=0, spirits=False, picks_decks=False, denies=False, noise=0.15)
