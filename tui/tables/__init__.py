"""Shared tables between SSH players: one table service in the server, sessions as its clients.

    service.py  the interface every implementation offers (in-process now, Redis later)
    local.py    the in-process implementation: tables, seats, stand-in bots, chat
    shared.py   one shared table: who holds each seat, and what each seat may be sent
    store.py    tables saved in the server's data dir after every command, reloaded on start
    wire.py     the Unix socket between the server and its sessions (length-prefixed frames)
    client.py   a session's connection to the service; remote.py the table a game screen reads
"""
