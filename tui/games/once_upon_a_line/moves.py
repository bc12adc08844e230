"""The keys that play a hero: choose the hero, its tiles, a placement; replace tiles, move zone,
play a special tile; pencil letters. Mixed into the Once Upon a Line screen, which draws.
"""
from __future__ import annotations

from textual import events as textual_events

from games.once_upon_a_line.commands import MoveHero, Pencil, ReplaceTiles, UseSpecial, UseTiles
from games.once_upon_a_line.grid import cell_name
from games.once_upon_a_line.legal import WAITING
from games.once_upon_a_line.view import HeroView
from tui.screens.dialogs import Confirm
from tui.games.once_upon_a_line.action import ActionChoice
from tui.games.once_upon_a_line.dialogs import DecisionDialog
from tui.games.once_upon_a_line.grid import GridBoard
from tui.games.once_upon_a_line.heroes import tile_short
from tui.games.once_upon_a_line.zones import zone_label


def has_free_compartment(hero: HeroView) -> bool:
    """An empty, unlocked Action Compartment: the hero can place tiles."""
    return any(tiles == () for tiles in hero.compartments)


def compartments_full(hero: HeroView) -> str:
    return (f"{hero.name}'s Action Compartments are full: r replaces {hero.name}'s tiles or m moves "
            f"{hero.name} (each scratches an hourglass).")


class HeroMoves:
    def can_act(self) -> bool:
        view = self.view
        if view.ended:
            self.say("The chapter is over: escape goes back to the menu.")
        elif view.pending is not None:
            self.say(f"First {WAITING[view.pending.kind]}: press enter.")
        return not view.ended and view.pending is None

    def action_number(self, n: int) -> None:
        if self.pencilling:
            self.say("Pencil letters only: backspace rubs out, enter or esc stops pencilling.")
        elif self.choice is None:
            self.pick_hero(n)
        else:  # while placing too: a number goes back to choosing tiles, never confirms
            self.choice.placements = []
            self.pick_tile(n)

    def pick_hero(self, n: int) -> None:
        if not self.can_act():
            return
        heroes = self.view.heroes
        if n > len(heroes):
            self.say(f"There is no hero {n}: press 1-{len(heroes)}.")
        elif not heroes[n - 1].in_play:
            self.say(f"{heroes[n - 1].name} is out of play.")
        else:
            self.choice, self.problem, self.note = ActionChoice(heroes[n - 1].id), "", ""
            if not has_free_compartment(heroes[n - 1]):  # say so now, not after tiles and enter
                self.note = compartments_full(heroes[n - 1])
            self.redraw()

    def pick_tile(self, n: int) -> None:
        view = self.view
        hero, planner = self.hero_view(view, self.choice.hero), view.planner
        if not has_free_compartment(hero):
            self.say(compartments_full(hero))
            return
        tiles = planner.tiles(hero.id)
        if n > len(tiles):
            self.say(f"{hero.name} has no tile {n}.")
            return
        tile_id, label, ready = tiles[n - 1]
        if not ready:
            self.say(f"Tile {n} ({tile_short(label)}) is in an Action Compartment: r (replace "
                     "tiles) brings it back.")
            return
        self.choice.tiles, self.note = planner.toggle(hero.id, self.choice.tiles, tile_id)
        self.problem = ""
        self.redraw()

    def action_go(self) -> None:
        if self.pencilling:
            self.pencilling = False
            self.redraw()
        elif self.choice is None:
            view = self.view
            if view.ended:
                self.show_end()
            elif view.pending is not None:
                self.follow_up()
            else:
                self.say(f"Choose a hero first: press 1-{len(view.heroes)}.")
        elif not self.choice.placing:
            self.list_placements()
        else:
            choice, self.choice = self.choice, None
            command = UseTiles(choice.hero, choice.tiles_code, choice.current().code)
            if not self.send(command):
                self.choice = choice
                self.redraw()

    def list_placements(self) -> None:
        choice = self.choice
        hero = self.hero_view(self.view, choice.hero)
        if not has_free_compartment(hero):  # pressing numbers cannot help: say what can
            self.say(compartments_full(hero))
            return
        if not choice.tiles:
            self.say("Choose tiles first: press the numbers of tiles in the Reserve.")
            return
        planner = self.view.planner
        effect = planner.special_effect(choice.hero, choice.tiles)
        if effect:
            self.play_special(effect)
            return
        found = planner.placements(choice.hero, tuple(choice.tiles))
        if not found:
            refused = self.table.check(0, UseTiles(choice.hero, choice.tiles_code, ""))
            self.say(refused.reason if refused else "These tiles fit nowhere on the grid now.")
            return
        choice.placements, choice.anchor, choice.index = found, 0, 0
        self.problem = self.note = ""
        self.redraw()

    def play_special(self, effect: str) -> None:
        hero, tile = self.choice.hero, self.choice.tiles[0]
        if effect == "hint":
            self.say("A hint tile is played in the riddle dialog, while a riddle is being solved.")
        elif effect == "free_move":
            self.choose_zone(hero, "It moves for free: no hourglass is scratched.",
                             lambda zone: UseSpecial(hero, tile, zone))
        else:
            self.send_choice(UseSpecial(hero, tile, 0))

    def chosen_hero(self, what: str) -> str | None:
        if self.choice is None:
            self.say(f"Choose a hero first (1-{len(self.view.heroes)}), then press {what}.")
            return None
        return self.choice.hero if self.can_act() else None

    def action_replace(self) -> None:
        hero = self.chosen_hero("r to replace the hero's tiles")
        if hero is None:
            return
        command = ReplaceTiles(hero)
        problem = self.table.check(0, command)
        if problem is not None:
            self.say(problem.reason)
            return
        name = self.hero_view(self.view, hero).name
        question = (f"Replace {name}'s tiles? An hourglass of the Line of Tragedy is scratched, "
                    f"then every tile in {name}'s Action Compartments goes back to the Reserve.")
        self.app.push_screen(Confirm(question), lambda yes: yes and self.send_choice(command))

    def action_move(self) -> None:
        hero = self.chosen_hero("m to move the hero")
        if hero is not None:
            self.choose_zone(hero, "Moving scratches an hourglass of the Line of Tragedy.",
                             lambda zone: MoveHero(hero, zone))

    def choose_zone(self, hero: str, cost: str, command) -> None:
        board = self.hero_view(self.view, hero)
        zones = [z for z in self.view.planner.zones() if z != board.zone]
        if not zones:
            self.say("This chapter has no other zone to move to.")
            return
        question = f"Move {board.name} from {zone_label(board.zone)} to which zone? {cost}"
        dialog = DecisionDialog(f"Move {board.name}", question, tuple(map(str, zones)),
                                tuple(zone_label(z) for z in zones))
        self.app.push_screen(dialog, lambda zone: zone and self.send_choice(command(int(zone))))

    def send_choice(self, command) -> None:
        """Send the action chosen; the choice ends once it is accepted (kept if refused)."""
        choice, self.choice = self.choice, None
        if not self.send(command):
            self.choice = choice
            self.redraw()

    def pencil_key(self, event: textual_events.Key) -> None:
        ch, steps = event.character, {"up": (0, -1), "down": (0, 1), "left": (-1, 0),
                                      "right": (1, 0)}
        if event.key in steps:
            event.stop()
            self.move_cursor(*steps[event.key])
        elif event.key in ("enter", "escape"):
            event.stop()
            self.pencilling, self.problem = False, ""
            self.redraw()
        elif ch and len(ch) == 1 and ch.isalpha() and ch.isascii():
            event.stop()
            if self.send(Pencil(cell_name(self.cursor), ch.upper())):
                self.move_cursor(1, 0)
        elif event.key in ("backspace", "delete", "space"):
            event.stop()
            note = self.view.squares[self.cursor].note
            if note:
                self.send(Pencil(cell_name(self.cursor), ""))
            elif event.key != "backspace":
                self.say(f"Nothing is pencilled in {cell_name(self.cursor)}.")
            if event.key == "backspace":
                self.move_cursor(-1, 0)

    def move_cursor(self, dx: int, dy: int) -> None:
        view = self.view
        x, y = self.cursor
        self.cursor = (min(max(x + dx, 0), view.width - 1), min(max(y + dy, 0), view.height - 1))
        self.redraw()

    def on_grid_board_square_clicked(self, message: GridBoard.SquareClicked) -> None:
        self.choice, self.pencilling, self.cursor = None, True, message.cell
        self.redraw()

    def action_pencil(self) -> None:
        if self.view.ended:
            self.say("The chapter is over: escape goes back to the menu.")
            return
        self.choice, self.pencilling, self.problem = None, True, ""
        self.redraw()

    def action_back(self) -> None:
        """Escape backs out of the choice in progress; with none, it saves and leaves."""
        if self.pencilling:
            self.pencilling = False
        elif self.choice is not None and self.choice.placing:
            self.choice.placements = []
        elif self.choice is not None:
            self.choice = None
        else:
            self.action_leave()
            return
        self.problem = ""
        self.redraw()
