"""The rules layer stays headless: importing every module under games/ loads no textual, rich or tui."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    import importlib, json, pkgutil, sys
    import games

    imported = []
    for info in pkgutil.walk_packages(games.__path__, "games."):
        importlib.import_module(info.name)
        imported.append(info.name)
    # the bots are loaded lazily by the game: load them as well
    from games.core.registry import all_games
    for game in all_games():
        if game.rules_module:
            dict(game.rules().bots)
    banned = sorted(name for name in sys.modules
                    if name.split(".")[0] in ("textual", "rich", "tui"))
    print(json.dumps({"imported": imported, "banned": banned}))
""")


def run_probe(prelude: str = "") -> dict:
    done = subprocess.run([sys.executable, "-c", prelude + SCRIPT], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_no_ui_module_is_imported_by_the_rules_layer() -> None:
    report = run_probe()
    assert report["banned"] == []
    # the walk really reached every package and module we know of
    for module in ("games.core.table", "games.core.selfplay", "games.fluttering_souls.apply",
                   "games.fluttering_souls.view", "games.fluttering_souls.bots"):
        assert module in report["imported"]
    on_disk = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in (ROOT / "games").rglob("*.py")
    } - {"games"}
    assert on_disk <= set(report["imported"])


def test_the_probe_notices_a_ui_import() -> None:
    report = run_probe("import rich.text\n")
    assert "rich" in report["banned"] and "rich.text" in report["banned"]


def imported_modules(path: Path) -> set[str]:
    """Every module a source file imports (at the top or inside functions)."""
    import ast

    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_rules_layer_never_imports_the_save_store() -> None:
    for path in (ROOT / "games").rglob("*.py"):
        assert not {m for m in imported_modules(path) if m.split(".")[0] == "saves"}, path


def test_the_core_names_no_game() -> None:
    """games/core finds games by their manifests: no game's package, id or title appears in it."""
    from games.core.registry import all_games

    words = {w for m in all_games() for w in (m.id, m.title, m.package, m.package.split(".")[-1])}
    for path in (ROOT / "games" / "core").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not {w for w in words if w in text}, path


def imported_names(path: Path) -> list[tuple[str, list[str]]]:
    """(module, names taken from it) for every import of a source file, inside functions too."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, [alias.name for alias in node.names]))
    return found


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def test_no_package_imports_itself_in_a_circle() -> None:
    """Module A imports B and B imports A (at the top or inside a function, directly or round a
    longer loop): each package of games/ and tui/ is a tree of imports, readable from its leaves."""
    paths = [p for top in ("games", "tui", "saves") for p in (ROOT / top).rglob("*.py")]
    known = {module_name(p): p for p in paths}
    def targets(name: str, path: Path) -> set[str]:
        """`from pkg import sub` imports pkg.sub; every module's packages load first anyway."""
        found = set()
        for module, names in imported_names(path):
            subs = {f"{module}.{n}" for n in names} & known.keys()
            found |= subs or ({module} & known.keys())
        return {m for m in found if m != name and not name.startswith(m + ".")}

    graph = {name: targets(name, path) for name, path in known.items()}
    done, on_path = set(), []

    def visit(name: str) -> None:
        if name in on_path:
            loop = on_path[on_path.index(name):] + [name]
            raise AssertionError("import circle: " + " -> ".join(loop))
        if name in done:
            return
        on_path.append(name)
        for other in sorted(graph[name]):
            visit(other)
        on_path.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)


def test_screens_read_views_never_the_state() -> None:
    """tui/ sends commands and reads the seat's view: it never reaches into a table's state, never
    copies it, and never imports a game's state module (its constants come through the view)."""
    import ast

    for path in (ROOT / "tui").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("state", "copy_state"):
                owner = node.value
                name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
                assert name not in ("table", "game") and node.attr != "copy_state", \
                    f"{path.relative_to(ROOT)}:{node.lineno} reads the game state"
        modules = {m for m, _ in imported_names(path)}
        assert not {m for m in modules if m.startswith("games.") and m.endswith(".state")}, path
