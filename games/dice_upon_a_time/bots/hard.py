"""The hard Dice Upon a Time bot: plans its next two dice this chapter before placing one (which die
on which route, what it collects on the way, which quests it completes), weighs its quests one
after another (the best next first, a Quest card drawn as a fresh errand after them), draws from
the Quest deck worth most where it stands, weighs the Spirit Animals (the Wolf takes a die from
every other player) and denies the others tokens and gifts. Its strength is measured in bench/dice_bots.py."""
from games.dice_upon_a_time.bots.plan import Level
from games.dice_upon_a_time.bots.play import DiceBot


class HardBot(DiceBot):
    level = Level("hard", lookahead=2, spirits=True, picks_decks=True, denies=True, noise=0.0,
                  chains=True)
