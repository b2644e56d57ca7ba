#!/usr/bin/env bash
# Draws the app icon's 128 px rendition (hicolor/128x128/apps) from its SVG. The welcome and About
# show the icon at 128 px: with a PNG of that size, GTK reads it with gdk-pixbuf's own PNG reader
# instead of loading librsvg (and its 6 MiB) to draw the SVG. Run again after changing the SVG.
set -euo pipefail
cd "$(dirname "$0")/../Sources/TripApp/Icons/hicolor"
rsvg=/usr/bin/rsvg-convert
[ -x "$rsvg" ] || { echo "needs rsvg-convert: apt-get install librsvg2-bin" >&2; exit 1; }
mkdir -p 128x128/apps
"$rsvg" --width 128 --height 128 scalable/apps/io.github.tripboard.Tripboard.svg -o 128x128/apps/io.github.tripboard.Tripboard.png
