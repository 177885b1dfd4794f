"""Load tests of `tablehall serve` over real TCP: `tablehall bench server`.

The server runs in a process of its own (`server.ServerProcess`, whose CPU time and memory are
read from /proc), the clients in other processes (`clients`, one asyncio loop each, many
connections).  Clients are protocol-level scripts that cost little CPU, so what is measured is
the server: per protocol a whole match's moves per second, the latency from a move to the
server's next request, and the server CPU per move at 1 to 500 concurrent matches.
"""
