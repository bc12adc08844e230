"""The baseline for bench/ssh_sessions.py: a bare Textual app served over SSH the simple way.

Each session spawns a fresh Python running a two-entry menu in its own PTY (the PTY its controlling
terminal), and asyncssh's `redirect` wires the PTY to the channel. Open auth, loopback only.

    python bench/bare_ssh.py serve [--port 0]     logs "listening on 127.0.0.1:PORT"
    python bench/bare_ssh.py app                  the app itself, on the PTY at stdin
"""
from __future__ import annotations

import asyncio
import fcntl
import os
import struct
import sys
import termios

TITLE = "a bare textual app"


def run_app() -> None:
    from textual.app import App
    from textual.widgets import OptionList, Static

    class Bare(App):
        def compose(self):
            yield Static(TITLE)
            yield OptionList("New game", "Continue")

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    Bare().run(mouse=False)


async def serve(port: int) -> None:
    import asyncssh

    class Open(asyncssh.SSHServer):
        def begin_auth(self, username: str) -> bool:
            return False

    async def session(process: asyncssh.SSHServerProcess) -> None:
        cols, rows, _, _ = process.get_terminal_size()
        master, slave = os.openpty()
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {"PATH": os.defpath, "TERM": process.get_terminal_type() or "xterm",
               "LANG": "C.UTF-8"}
        child = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "app", stdin=slave, stdout=slave, stderr=slave, env=env,
            start_new_session=True)
        os.close(slave)
        print(f"start {process.get_extra_info('username')}: pid {child.pid}", flush=True)
        try:
            await process.redirect(stdin=os.dup(master), stdout=os.dup(master))
            await process.wait_closed()
        finally:
            os.close(master)  # a hang-up ends the app
            await child.wait()
            process.exit(0)

    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await asyncssh.create_server(Open, "127.0.0.1", port, server_host_keys=[key],
                                          process_factory=session, encoding=None,
                                          line_editor=False)
    print(f"listening on 127.0.0.1:{server.get_port()}", flush=True)
    await asyncio.Event().wait()


def main() -> None:
    if sys.argv[1:2] == ["app"]:
        run_app()
    else:
        port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 0
        asyncio.run(serve(port))


if __name__ == "__main__":
    main()
