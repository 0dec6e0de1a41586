"""The data generator (``python -m wargame.games.proud_monster_deluxe.datagen.build``)."""
