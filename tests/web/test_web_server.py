"""`fabletop web` without a browser: the page, its title and colours, sessions, refusals, the port."""
from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from tests.web.conftest import ROOT, WAIT
from tui.web.server import WebConfig, listen_problem, page_url, session_command


def fetch(url: str, **headers: str) -> str:
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=WAIT) as reply:
        return reply.read().decode()


def test_the_page_names_fabletop_and_wears_the_players_theme(web_server):
    page = fetch(web_server.url)
    assert "<title>fabletop</title>" in page
    assert "background: #2E3440" in page  # nord's background, from the player's settings
    assert f'data-session-websocket-url="ws://127.0.0.1:{web_server.port}/ws"' in page
    assert "fonts.googleapis" not in page  # the font is served by fabletop itself
    assert fetch(web_server.url + "static/js/textual.js").startswith("(()=>")


def test_behind_a_tls_proxy_the_page_opens_its_socket_over_wss(web_server):
    page = fetch(web_server.url, **{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "games.example.org",
                                    "X-Forwarded-Prefix": "/fabletop/"})
    assert 'data-session-websocket-url="wss://games.example.org/fabletop/ws"' in page
    assert 'href="/fabletop/static/css/xterm.css"' in page


async def _first_bytes(ws, text: bytes = b"fabletop") -> bytes:
    """What the session's terminal received until `text` showed."""
    received = b""
    while text not in received:
        message = await asyncio.wait_for(ws.recv(), WAIT)
        if isinstance(message, bytes):
            received += message
    return received


async def _until(check, what: str):
    deadline = time.monotonic() + WAIT
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        await asyncio.sleep(0.1)


async def test_each_tab_gets_its_own_session_which_ends_with_the_tab(web_server):
    ws_url = f"ws://127.0.0.1:{web_server.port}/ws?width=80&height=24"
    origin = f"http://127.0.0.1:{web_server.port}"
    async with connect(ws_url, origin=origin) as first, connect(ws_url, origin=origin) as second:
        assert b"fabletop" in await _first_bytes(first)
        assert b"fabletop" in await _first_bytes(second)
        await _until(lambda: len(web_server.sessions()) == 2, "two fabletop processes")
        await second.close()
        await _until(lambda: len(web_server.sessions()) == 1, "the closed tab's process to end")
    await _until(lambda: not web_server.sessions(), "every process to end")


async def test_another_sites_page_may_not_open_a_session(web_server):
    with pytest.raises(InvalidStatus) as refused:
        async with connect(f"ws://127.0.0.1:{web_server.port}/ws", origin="https://evil.example"):
            pass
    assert refused.value.response.status_code == 403
    assert not web_server.sessions()


def test_sigterm_stops_the_server_and_its_sessions(web_server):
    async def open_session():
        async with connect(f"ws://127.0.0.1:{web_server.port}/ws") as ws:
            await _first_bytes(ws)
            output = await asyncio.to_thread(web_server.stop)
            return output
    output = asyncio.run(open_session())
    assert web_server.process.returncode == 0
    assert "stopping" in output and "Traceback" not in output
    assert not web_server.sessions()


def test_a_taken_port_is_one_clear_line_and_status_1():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([sys.executable, "-m", "tui", "web", "--port", str(port)], cwd=ROOT,
                                capture_output=True, text=True, timeout=WAIT)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (f"fabletop web: port {port} on 127.0.0.1 is taken (another program "
                             f"is listening there); stop it or choose another port with --port\n")


def test_a_port_out_of_range_is_refused_before_anything_starts():
    from tui.cli import main

    assert main(["web", "--port", "70000"]) == 2


def test_listen_problems_read_plainly():
    config = WebConfig("10.9.9.9", 80)
    assert "need privileges" in listen_problem(config, PermissionError(13, "Permission denied"))
    assert listen_problem(config, OSError(99, "Cannot assign requested address")) == (
        "fabletop web: cannot listen on 10.9.9.9:80: cannot assign requested address")
    assert page_url("0.0.0.0", 8000) == "http://127.0.0.1:8000/"
    assert page_url("::1", 8000) == "http://[::1]:8000/"


def test_sessions_run_this_interpreter_with_the_saves_folder(tmp_path):
    import shlex

    saves = tmp_path / "my saves"
    words = shlex.split(session_command(saves))
    assert words[3:] == [sys.executable, "-P", "-m", "tui", "--saves-dir", str(saves)]
    assert words[:2] == ["exec", "env"] and words[2].startswith(f"PYTHONPATH={ROOT}")
    assert "--saves-dir" not in session_command(None)  # then the terminal's default applies


def test_saves_dir_after_web_or_before_it_both_count(monkeypatch, tmp_path):
    from tui import cli

    seen = []
    monkeypatch.setattr("tui.web.server.serve", lambda config: seen.append(config) or 0)
    assert cli.main(["web", "--saves-dir", str(tmp_path / "a")]) == 0
    assert cli.main(["--saves-dir", str(tmp_path / "b"), "web"]) == 0
    assert [c.saves_dir for c in seen] == [tmp_path / "a", tmp_path / "b"]
