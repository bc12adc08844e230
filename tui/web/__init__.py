"""`fabletop web`: the collection in a browser page, one fabletop process per browser tab.

textual-serve and aiohttp are imported only by tui.web.server, so the menu and `fabletop --help`
never load them.
"""
