"""The stand-in map generator (``python -m wargame.games.land_without_end.mapgen.generate``)."""
