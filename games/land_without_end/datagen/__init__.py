"""The data generator (``python -m wargame.games.land_without_end.datagen.build``)."""
