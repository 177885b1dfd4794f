"""The load clients of `tablehall bench server`, and the server they load.

The server runs in a process of its own (`process.ServerProcess`, whose CPU time and memory are
read from /proc), the clients in other processes (`clients`, one asyncio loop each, many
connections; ``python -m tablehall.bench.load.clients``).  Clients are protocol-level scripts
that cost little CPU, so what is measured is the server.  Everything they need ships in the
package (the JSettlers robot is the game's example robot), so they run from an install.
"""
