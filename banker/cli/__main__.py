import sys

from banker.cli.main import main

sys.exit(main())
