#!/usr/bin/env bash
# Draws the icons the window shows at 128 px as PNGs, so that GTK reads them with gdk-pixbuf's own
# PNG reader instead of loading librsvg (and the 6.5 MiB it and libxml2 take resident) to draw an
# SVG. Run again after changing the app's SVG or moving to another Adwaita.
# - The app icon (hicolor/128x128/apps), from its SVG: the welcome and About show it.
# - The status pages' icons (hicolor/128x128/status, and 128x128@2 for a display at scale 2):
#   Adwaita has its symbolic icons as PNGs up to 96 px and as SVGs above, and a status page shows
#   its icon at 128 px, so the empty Search and Favourites pages loaded librsvg. These are Adwaita's
#   own, encoded as GTK encodes its own symbolic PNGs (gtk4-encode-symbolic-svg: recoloured from
#   the style like any symbolic icon), under names of the app's, so that the lookup cannot find
#   Adwaita's SVG of the same name first. The names have no dot: GTK 4.8 cuts a `.symbolic.png`
#   file's name at a dot before the suffix ("io.github.x-symbolic.symbolic.png" is found as
#   "io.github"), so an application-id name would never be found.
# - The spinners' icon (Theme.css points `spinner` at it), at the 16 px of a spinner in a row and
#   the 48 px of a page's: Adwaita has process-working only as an SVG, so any search long enough
#   to show its spinner loaded librsvg.
# Adwaita's icons are adwaita-icon-theme's (GNOME; LGPL 3 or CC BY-SA 3.0), drawn here unchanged.
set -euo pipefail
cd "$(dirname "$0")/../Sources/TripApp/Icons/hicolor"
rsvg=/usr/bin/rsvg-convert
encode=/usr/bin/gtk4-encode-symbolic-svg
adwaita=/usr/share/icons/Adwaita
[ -x "$rsvg" ] || { echo "needs rsvg-convert: apt-get install librsvg2-bin" >&2; exit 1; }
[ -x "$encode" ] || { echo "needs gtk4-encode-symbolic-svg: apt-get install libgtk-4-bin" >&2; exit 1; }
[ -d "$adwaita" ] || { echo "needs Adwaita's icons: apt-get install adwaita-icon-theme" >&2; exit 1; }
mkdir -p 128x128/apps
"$rsvg" --width 128 --height 128 scalable/apps/io.github.tripboard.Tripboard.svg -o 128x128/apps/io.github.tripboard.Tripboard.png
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# encode SVG NAME SIZE...: Adwaita's SVG as NAME at each SIZE (16x16, or 16x16@2 for 32 px).
encode() {
    local svg=$1 name=$2 folder size
    shift 2
    for folder in "$@"; do
        size=${folder%@2}; size=${size%%x*}
        [ "$folder" = "${folder%@2}" ] || size=$((size * 2))
        mkdir -p "$folder/status"
        "$encode" -o "$scratch" "$svg" "${size}x${size}"
        mv "$scratch/$(basename "$svg" .svg).symbolic.png" "$folder/status/$name.symbolic.png"
    done
}
for icon in information warning; do
    encode "$adwaita/scalable/status/dialog-$icon-symbolic.svg" "tripboard-$icon-symbolic" 128x128 128x128@2
done
encode "$adwaita/scalable-up-to-32/status/process-working-symbolic.svg" tripboard-working-symbolic \
    16x16 16x16@2 32x32 32x32@2 48x48 48x48@2
