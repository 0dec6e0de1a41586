"""Hexland: a tiny hex title for kernel tests (rigid ZOC, untried units, steps, retreats)."""
