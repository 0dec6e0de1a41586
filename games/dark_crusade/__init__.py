"""Dark Crusade: the Eastern Front 1941-45 on a point-to-point map, as a wargame-engine title."""
