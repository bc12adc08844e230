"""A headless chromium driven over the Chrome DevTools Protocol: just enough to open a page, read
the xterm.js terminal in it and type keys, as a player would. No browser downloads: the system's
chromium (Debian's `chromium` package)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from contextlib import ExitStack
import urllib.request
from pathlib import Path

from websockets.sync.client import connect

WAIT = 30.0
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

# textual-serve keeps its xterm.js Terminal inside a closure; its constructor assigns
# `this.terminal = new Terminal(...)`, so a setter on Object.prototype sees the terminal go by.
HOOK = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    window.__terminal = value;
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true,
                                             enumerable: true});
  },
});
"""

SCREEN = """(() => {
  const t = window.__terminal;
  if (!t) return null;
  const buffer = t.buffer.active, rows = [];
  for (let y = 0; y < t.rows; y++) rows.push(buffer.getLine(y).translateToString(true));
  return {cols: t.cols, rows, title: document.title};
})()"""

# The background of one cell as #rrggbb (textual-serve's apps send 24-bit colour).
CELL_BACKGROUND = """((x, y) => {
  const cell = window.__terminal.buffer.active.getLine(y).getCell(x);
  if (!cell.isBgRGB()) return null;
  return "#" + cell.getBgColor().toString(16).padStart(6, "0");
})"""

KEYS = {"enter": ("Enter", "Enter", 13, "\r"), "escape": ("Escape", "Escape", 27, ""),
        "down": ("ArrowDown", "ArrowDown", 40, ""), "up": ("ArrowUp", "ArrowUp", 38, "")}


def find_browser() -> str | None:
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


def deadline(check, what: str, timeout: float = WAIT):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if result := check():
            return result
        time.sleep(0.1)
    raise AssertionError(f"gave up waiting for {what}")


class Browser:
    """One headless chromium with one page, at a window size that fits an 80x24 terminal."""

    def __init__(self, executable: str, profile: Path, width: int = 1280, height: int = 800):
        self.process = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-dev-shm-usage", "--remote-debugging-port=0", f"--user-data-dir={profile}",
             f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.port = self._devtools_port()
        page = deadline(self._page_target, "the browser's first page")
        self.stack = ExitStack()
        self.socket = self.stack.enter_context(
            connect(page["webSocketDebuggerUrl"], max_size=None, open_timeout=WAIT))
        self.next_id = 0
        self.call("Page.enable")
        self.call("Page.addScriptToEvaluateOnNewDocument", source=HOOK)

    def _devtools_port(self) -> int:
        lines = []
        for line in self.process.stderr:  # chromium names its DevTools address on stderr
            lines.append(line)
            if match := re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line):
                return int(match.group(1))
        raise RuntimeError("chromium did not start:\n" + "".join(lines[-20:]))

    def _page_target(self):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=5) as reply:
            return next((t for t in json.load(reply) if t["type"] == "page"), None)

    def call(self, method: str, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:  # events arrive in between; only the answer to this call matters here
            message = json.loads(self.socket.recv(timeout=WAIT))
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:60]}...: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url: str) -> None:
        self.call("Page.navigate", url=url)

    def reload(self) -> None:
        self.call("Page.reload", ignoreCache=True)

    def screen(self) -> dict | None:
        """The terminal's size, its rows as text, and the page title; None before it exists."""
        return self.evaluate(SCREEN)

    def screen_text(self) -> str:
        shown = self.screen()
        return "\n".join(shown["rows"]) if shown else ""

    def wait_for_text(self, *texts: str, timeout: float = WAIT) -> str:
        def shown() -> str | None:
            text = self.screen_text()
            return text if all(t in text for t in texts) else None

        try:
            return deadline(shown, f"{texts!r} on the page", timeout)
        except AssertionError as exc:
            raise AssertionError(f"{exc}; it shows:\n{self.screen_text()}") from None

    def background_at(self, x: int, y: int) -> str | None:
        return self.evaluate(f"{CELL_BACKGROUND}({x}, {y})")

    def press(self, *keys: str) -> None:
        """Key presses as the keyboard sends them: a letter, digit or a name in KEYS."""
        self.evaluate("window.__terminal.focus()")  # keys go to xterm's text area, as after a click
        for key in keys:
            if key in KEYS:
                name, code, vk, text = KEYS[key]
            else:
                name, code, vk, text = key, f"Key{key.upper()}", ord(key.upper()), key
            down = dict(key=name, code=code, windowsVirtualKeyCode=vk, nativeVirtualKeyCode=vk)
            self.call("Input.dispatchKeyEvent", type="keyDown", text=text, **down)
            self.call("Input.dispatchKeyEvent", type="keyUp", **down)

    def press_until(self, key: str, *texts: str, tries: int = 3) -> str:
        """Press a key until the texts show: the first key after a page loads can arrive before
        the app reads its input (a player would press it again, too)."""
        for attempt in range(tries):
            self.press(key)
            try:
                return self.wait_for_text(*texts, timeout=WAIT / tries)
            except AssertionError:
                if attempt == tries - 1:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        try:
            self.stack.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
