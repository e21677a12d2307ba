"""``python -m rulebook`` is the ``rulebook`` command."""

import sys

from rulebook.cli import main

sys.exit(main())
