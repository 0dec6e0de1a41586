"""``python -m wargame``: the ``wargame`` command, for an environment that has the engine on its
path without its console script (a title author's virtualenv layered over the engine's)."""

from wargame.cli import main

raise SystemExit(main())
