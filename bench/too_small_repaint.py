"""Shrink the terminal below 80x24 and grow it back, many times, under load: does the "terminal too
small" message ever stay on screen after growing back? (issue 16: seen sometimes on two busy cores)

Starts fabletop in tmux at 80x24 with busy loops on every core, then repeats: resize to 60x20,
wait, resize to 80x24, and watch the pane for up to --settle seconds. Prints how many of N tries
still showed the old message (or no menu) when that time was up.

    python bench/too_small_repaint.py [--tries 20] [--busy 2] [--wait 0.1] [--settle 3]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

SESSION = f"repaint{os.getpid()}"


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=20)
    parser.add_argument("--busy", type=int, default=2, help="busy loops to start (0: none)")
    parser.add_argument("--wait", type=float, default=0.1, help="seconds between the two resizes")
    parser.add_argument("--settle", type=float, default=3.0,
                        help="seconds the menu may take to come back after growing")
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    env = f"FABLETOP_SAVES_DIR={folder}/saves FABLETOP_CONFIG_DIR={folder}/cfg"
    fabletop = os.path.join(os.path.dirname(sys.executable), "fabletop")
    tmux("new-session", "-d", "-s", SESSION, "-x", "80", "-y", "24", f"env {env} {fabletop}")
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    stuck = 0
    try:
        deadline = time.monotonic() + 30
        while "New game" not in tmux("capture-pane", "-p", "-t", SESSION):
            if time.monotonic() > deadline:
                raise SystemExit("fabletop did not start")
            time.sleep(0.2)
        for n in range(args.tries):
            tmux("resize-window", "-t", SESSION, "-x", "60", "-y", "20")
            time.sleep(args.wait)
            tmux("resize-window", "-t", SESSION, "-x", "80", "-y", "24")
            settle = time.monotonic() + args.settle
            while True:
                time.sleep(0.1)
                screen = tmux("capture-pane", "-p", "-t", SESSION)
                back = "too small" not in screen and "New game" in screen
                if back or time.monotonic() > settle:
                    break
            if not back:
                stuck += 1
                print(f"try {n + 1}: the screen after growing back:\n{screen}")
    finally:
        for process in busy:
            process.kill()
        tmux("kill-session", "-t", SESSION)
    print(f"{stuck} of {args.tries} tries left the 'too small' message (or no menu) on screen "
          f"{args.settle} s after growing back ({args.busy} busy loops, {args.wait} s between resizes)")


if __name__ == "__main__":
    main()
