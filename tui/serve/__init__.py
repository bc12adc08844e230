"""`fabletop serve`: the collection over SSH, one fabletop process per session, saves per player.

asyncssh is imported only by tui.serve.server, so the menu and `fabletop --help` never load it.
"""
