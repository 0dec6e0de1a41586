"""Panzergruppe Guderian (SPI): the Battle of Smolensk, July 1941, as a wargame-engine title."""
