import sys

from bench.orders import main

sys.exit(main(sys.argv[1:]))
