#!/usr/bin/env bash
# Opens Tripboard on the built-in demo service. Without a display, says how to get one.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "No display to open the window on. On a desktop, run 'make run' there;" >&2
    echo "headless, 'scripts/with-display.sh .build/debug/tripboard' runs it on a virtual one." >&2
    exit 1
fi
exec .build/debug/tripboard "$@"
