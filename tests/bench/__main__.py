import sys

from tests.bench.figures import main

sys.exit(main(sys.argv[1:]))
