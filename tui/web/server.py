"""The web server behind `fabletop web`: textual-serve's page and sessions, fabletop's title,
theme colours, saves folder and a plain message when it cannot listen."""
from __future__ import annotations

import asyncio
import errno
import logging
import os
import shlex
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

TEMPLATES = Path(__file__).resolve().parent / "templates"
TITLE = "fabletop"
STOP_SECONDS = 10  # a session's app is asked to quit; after this long it is killed

log = logging.getLogger("fabletop.web")


@dataclass(frozen=True)
class WebConfig:
    host: str = "127.0.0.1"
    port: int = 8000
    saves_dir: Path | None = None  # None: as in the terminal ($FABLETOP_SAVES_DIR or the data folder)


def session_command(saves_dir: Path | None) -> str:
    """The shell command textual-serve runs for each browser tab: this interpreter and this very
    fabletop (-P: not a `tui` folder that happens to be in the working directory)."""
    root = Path(__file__).resolve().parents[2]
    path = os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH")) if p)
    parts = ["env", f"PYTHONPATH={path}", sys.executable, "-P", "-m", "tui"]
    if saves_dir is not None:
        parts += ["--saves-dir", str(saves_dir)]
    return "exec " + shlex.join(parts)  # no shell in between: stopping the process stops the app


def theme_colours() -> tuple[str, str]:
    """Background and text colour of the player's theme, so the page around the terminal matches."""
    from textual.theme import BUILTIN_THEMES

    from tui.settings import Settings

    theme = BUILTIN_THEMES.get(Settings.load()[0].theme, BUILTIN_THEMES["textual-dark"])
    colours = theme.to_color_system().generate()
    return colours["background"], colours["foreground"]


def _forwarded(request: web.Request, header: str) -> str | None:
    """The first value a reverse proxy set in an X-Forwarded-* header, if any."""
    value = request.headers.get(header, "").split(",")[0].strip()
    return value or None


def public_host(request: web.Request) -> str:
    return _forwarded(request, "X-Forwarded-Host") or request.host


def same_origin(request: web.Request) -> bool:
    """A browser opening the session socket must come from our own page: another site's page may
    not drive a player's games (browsers send Origin; other clients may omit it)."""
    origin = request.headers.get("Origin")
    return origin is None or urlsplit(origin).netloc.lower() == public_host(request).lower()


class FabletopWebServer(Server):
    """textual-serve's server with fabletop's page; URLs follow the request, so the page works
    under any host name and behind a reverse proxy that sets Host and X-Forwarded-Proto."""

    def __init__(self, config: WebConfig) -> None:
        super().__init__(session_command(config.saves_dir), host=config.host, port=config.port,
                         title=TITLE, templates_path=TEMPLATES)
        self.sessions: dict[web.WebSocketResponse, AppService] = {}

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `serve` prints the address once it listens."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Every session's app is asked to quit (and made to, if it does not) before the tabs are
        told the server is going."""
        await asyncio.gather(*(_stop(service) for service in self.sessions.values()))
        for socket in list(self.sessions):
            await socket.close(code=1001, message=b"fabletop web is shutting down")

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, object]:
        prefix = (_forwarded(request, "X-Forwarded-Prefix") or "").rstrip("/")
        secure = (_forwarded(request, "X-Forwarded-Proto") or request.scheme) in ("https", "wss")
        background, foreground = theme_colours()
        return {
            "title": TITLE,
            "font_size": min(max(to_int(request.query.get("fontsize", "16"), 16), 6), 64),
            "static_url": f"{prefix}/static/",
            "websocket_url": f"{'wss' if secure else 'ws'}://{public_host(request)}{prefix}/ws",
            "background": background,
            "foreground": foreground,
        }

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser tab: its own fabletop process, ended when the tab closes."""
        if not same_origin(request):
            raise web.HTTPForbidden(text="fabletop web: this page is not fabletop's own")
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        await websocket.prepare(request)
        service = AppService(self.command, write_bytes=websocket.send_bytes,
                             write_str=websocket.send_str, close=websocket.close,
                             download_manager=self.download_manager)
        self.sessions[websocket] = service
        try:
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("a browser session failed")
        finally:
            self.sessions.pop(websocket, None)
            await _stop(service)
            await service.stop()
            await websocket.close()
        return websocket


async def _stop(service: AppService) -> None:
    """Ask the session's app to quit; kill it if it has not within STOP_SECONDS (an app still
    starting reads no messages yet). Either way nothing is lost: games save after every move."""
    process = service._process
    if process is None or process.returncode is not None:
        return
    await service.send_meta({"type": "quit"})
    try:
        await asyncio.wait_for(asyncio.shield(process.wait()), STOP_SECONDS)
    except (asyncio.TimeoutError, asyncio.CancelledError):
        pass
    if process.returncode is None:
        process.kill()
        await process.wait()


def listen_problem(config: WebConfig, exc: OSError) -> str:
    where = f"{config.host}:{config.port}"
    if exc.errno == errno.EADDRINUSE:
        return (f"fabletop web: port {config.port} on {config.host} is taken (another program is "
                f"listening there); stop it or choose another port with --port")
    if exc.errno == errno.EACCES:
        return f"fabletop web: not allowed to listen on {where}; ports below 1024 need privileges"
    reason = (exc.strerror or str(exc)).lower()
    return f"fabletop web: cannot listen on {where}: {reason}"


def page_url(host: str, port: int) -> str:
    shown = {"0.0.0.0": "127.0.0.1", "::": "[::1]", "": "127.0.0.1"}.get(host, host)
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


async def _serve(config: WebConfig) -> int:
    server = FabletopWebServer(config)
    runner = web.AppRunner(await server._make_app(), handle_signals=False, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, config.host or None, config.port).start()
    except OSError as exc:
        await runner.cleanup()
        print(listen_problem(config, exc), file=sys.stderr)
        return 1
    port = runner.addresses[0][1]
    everywhere = " (every interface)" if config.host in ("0.0.0.0", "::", "") else ""
    print(f"fabletop web: serving on {page_url(config.host, port)}{everywhere}; Ctrl+C stops",
          flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    print("fabletop web: stopping; every session is asked to quit", flush=True)
    await runner.cleanup()
    return 0


def serve(config: WebConfig) -> int:
    """Serve until Ctrl+C or SIGTERM; 1 with one line on stderr when the address cannot be used."""
    logging.basicConfig(level=logging.WARNING, format="fabletop web: %(name)s: %(message)s")
    return asyncio.run(_serve(config))
