#!/usr/bin/env bash
# The end-to-end tests: the real window on a private Xvfb display, driven over AT-SPI.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec scripts/with-display.sh /usr/bin/python3 Tests/e2e/main.py "$@"
