"""`tablehall serve`: one process, one TCP listener per protocol service, shared record store."""
