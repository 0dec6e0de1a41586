"""No zones of control (Barbarossa 9.0, LWE, PMD): adjacency to enemy units never stops,
locks or blocks movement, retreat or supply. Only occupation matters; the movement mechanic
already keeps units out of enemy-occupied locations. Naming this mechanic in a title's manifest
documents the choice; it adds no hooks."""

REQUIRES: dict[str, str] = {}
"""Mechanics this one needs in the same title: none (checked at load)."""
