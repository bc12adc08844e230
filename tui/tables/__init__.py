"""Shared tables between SSH players: one table service in the server, sessions as its clients.

    service.py  the interface every implementation offers (in-process, or Redis)
    local.py    the in-process implementation: tables, seats, stand-in bots, chat
    redis_service.py  several hosts on one Redis: each table a stream every host applies in order
    shared.py   one shared table: who holds each seat, and what each seat may be sent
    store.py    tables saved in the server's data dir after every command, reloaded on start
    wire.py     the Unix socket between the server and its sessions (length-prefixed frames)
    client.py   a session's connection to the service; remote.py the table a game screen reads
"""
