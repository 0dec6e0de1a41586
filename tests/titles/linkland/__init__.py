"""Linkland: a small point-to-point test title (links by class, a highway, a strait, boxes)."""
