"""The stand-in map generator (``python -m wargame.games.proud_monster_deluxe.mapgen.generate``)."""
