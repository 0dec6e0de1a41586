"""Built-in titles. Each is registered through the ``wargame.games`` entry-point group."""
