"""Cold start to the first drawn screen: fabletop's menu against a bare Textual app, in tmux at 80x24.

Both are started the same way (a fresh Python process in a fresh tmux pane) and timed until their
first text is on the screen. Prints the median of N runs of each and their ratio.

    python bench/startup.py [--runs 7]
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE_APP = '''
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("bare app ready")

Bare().run()
'''


def time_to_text(command: str, marker: str, env: dict[str, str], timeout: float = 20.0) -> float:
    session = f"bench{os.getpid()}"
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    started = time.perf_counter()
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24",
                    "env", *[f"{k}={v}" for k, v in env.items()], "sh", "-c", command], check=True)
    try:
        while time.perf_counter() - started < timeout:
            screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                    capture_output=True, text=True).stdout
            if marker in screen:
                return time.perf_counter() - started
            time.sleep(0.005)
        raise TimeoutError(f"{marker!r} did not appear within {timeout} s")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        sys.exit("bench/startup.py needs tmux")
    folder = Path(tempfile.mkdtemp())
    bare = folder / "bare.py"
    bare.write_text(BARE_APP)
    env = {"FABLETOP_SAVES_DIR": str(folder / "saves"), "FABLETOP_CONFIG_DIR": str(folder)}
    python = sys.executable
    fabletop = [], []
    for _ in range(args.runs):  # interleaved so both see the same machine load
        fabletop[0].append(time_to_text(f"{python} -m tui.cli", "five tabletop games", env))
        fabletop[1].append(time_to_text(f"{python} {bare}", "bare app ready", env))
    ours, base = statistics.median(fabletop[0]), statistics.median(fabletop[1])
    print(f"runs: {args.runs} each, tmux 80x24, python {sys.version.split()[0]}")
    print(f"bare Textual app, first screen: median {base:.3f} s "
          f"(min {min(fabletop[1]):.3f}, max {max(fabletop[1]):.3f})")
    print(f"fabletop main menu, first screen: median {ours:.3f} s "
          f"(min {min(fabletop[0]):.3f}, max {max(fabletop[0]):.3f})")
    print(f"ratio fabletop / bare: {ours / base:.2f}")


if __name__ == "__main__":
    main()
