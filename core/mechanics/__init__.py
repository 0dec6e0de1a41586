"""Shared rules that several titles use: each is a pluggy plugin a title composes."""
