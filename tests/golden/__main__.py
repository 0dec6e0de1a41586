import sys

from tests.golden import main

raise SystemExit(main(sys.argv[1:]))
