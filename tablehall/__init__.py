"""tablehall: turn-based board games over their communities' own protocols, every game recorded."""

__version__ = "0.1.0"
