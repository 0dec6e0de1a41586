"""Render-net: a tiny point-to-point title for the map renderer's tests."""
