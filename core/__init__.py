"""wargame-engine: a plugin-based kernel for board wargames on hex grids and point-to-point maps.

The kernel knows hexes, points, units, phases, dice and tables; every title's rules live in a plugin
under ``wargame.games`` (or in a third party's package) registered through the ``wargame.games``
entry-point group.
"""

__version__ = "0.1.0"
