"""JSON Schemas generated from wargame.models (run ``python -m wargame.schemagen``)."""
