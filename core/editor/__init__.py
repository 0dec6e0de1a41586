"""The map editor: ``wargame edit-map DATA_DIR`` serves a page that paints a title's map.

A title's hardest document is its map; typing a thousand hexes as JSON is no way to make one.
The editor reads ``DATA_DIR/map.json`` (or starts a new grid or network), lets the author paint
terrain on hexes and features on hexsides, draw roads and railways, name places, set VP, mark
set-up areas and regions, take hexes off the playable area, or place points and links; and
saves a ``map.json`` only when it validates (:mod:`wargame.editor.mapdoc`). It runs on the same
server code and guard as ``wargame serve`` (:mod:`wargame.editor.app`).
"""
