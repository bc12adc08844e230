"""Hero boards as text: zone, Reserve, the four Action Compartments and the talent letters crossed."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text

from games.once_upon_a_line.view import HeroView, LineView
from tui.games.once_upon_a_line.zones import zone_text

# Tile symbols (the view labels shaped tiles "combinable 2", special ones "(mend)").
SYMBOL_GLYPHS = {"combinable": "»", "single": "›", "dotted": "┄", "star": "✦"}
SPECIAL_NAMES = {"free_move": "move"}
TILE_LEGEND = "» combinable  › single  ┄ dotted (may stop)  ✦ star  ◯ special (round)"


def tile_short(label: str) -> str:
    """'5' for a standard tile, '»2' for a combinable talent tile, '◯mend' for a special one."""
    if label.startswith("("):
        effect = label.strip("()")
        return "◯" + SPECIAL_NAMES.get(effect, effect)
    symbol, _, size = label.partition(" ")
    return f"{SYMBOL_GLYPHS[symbol]}{size}" if size else label


def reserve_order(hero: HeroView) -> list[tuple[str, str]]:
    """The Reserve as shown and numbered: Standard Tiles largest first, then talent tiles, so a
    tile keeps its number when tiles come back from the compartments."""
    def key(item: tuple[int, tuple[str, str]]) -> tuple:
        index, (tile_id, _) = item
        standard = tile_id[:1] == "s" and tile_id[1:].isdigit()
        return (0, -int(tile_id[1:])) if standard else (1, index)
    return [tile for _, tile in sorted(enumerate(hero.reserve), key=key)]


def compartments_text(hero: HeroView) -> str:
    """'[5+3] [·] [·] [#]': tiles in each compartment, · free, # locked."""
    return " ".join("[#]" if tiles is None else f"[{'+'.join(map(tile_short, tiles)) or '·'}]"
                    for tiles in hero.compartments)


def talents_text(hero: HeroView) -> Text:
    """Each talent word; crossed letters in reverse video, a mastered talent ends with ✓."""
    text = Text()
    for i, (word, _, crossed, won) in enumerate(hero.talents):
        if i:
            text.append(" ")
        for ch, done in zip(word, crossed):
            text.append(ch, Style(reverse=True, bold=True) if done else Style(dim=not won))
        if won:
            text.append("✓", Style(bold=True))
    return text


def hero_board(hero: HeroView, number: int, selected: bool, no_color: bool, width: int) -> Text:
    text = Text("▶" if selected else " ", Style(bold=True))
    text.append(f"{number} {hero.name} ", Style(bold=True))
    text.append_text(zone_text(hero.zone, no_color))
    if not hero.in_play:
        text.append(" (out of play)", Style(dim=True))
    reserve = " ".join(tile_short(label) for _, label in reserve_order(hero)) or "empty"
    label = "Reserve " if len(reserve) + 10 <= width else ""  # the tiles matter more than the label
    text.append(f"\n  {label}{reserve}\n  Used {compartments_text(hero)}\n  ")
    text.append_text(talents_text(hero))
    if hero.companion:
        text.append(f" (with {hero.companion})", Style(italic=True))
    if hero.legendary:
        text.append(f"\n  Legendary: {hero.legendary}", Style(italic=True))
    return text


def hero_boards(view: LineView, selected: str | None, no_color: bool, width: int) -> Text:
    text = Text()
    for number, hero in enumerate(view.heroes, 1):
        if number > 1:
            text.append("\n")
        text.append_text(hero_board(hero, number, hero.id == selected, no_color, width))
    return text


def reserve_choice(tiles: list[tuple[str, str, bool]], chosen: list[str]) -> Text:
    """The hero's tiles numbered for choosing: '1:5 2:4 3:(3) ...': chosen tiles in reverse
    video, tiles in an Action Compartment (not in the Reserve) in brackets."""
    text = Text()
    for n, (tile_id, label, ready) in enumerate(tiles, 1):
        style = Style(reverse=True, bold=True) if tile_id in chosen else Style(dim=not ready)
        text.append(f"{n % 10}:", Style(bold=True))
        text.append(tile_short(label) if ready else f"({tile_short(label)})", style)
        text.append(" ")
    return text
