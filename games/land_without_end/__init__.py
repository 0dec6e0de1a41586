"""Land Without End: The Barbarossa Campaign, 1941 (title id ``land-without-end``, alias ``lwe``)."""
