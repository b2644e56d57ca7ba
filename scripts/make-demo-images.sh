#!/usr/bin/env bash
# Draws the demo service's destination pictures (Data/deals/images) from Data/deals/destinations.json:
# a sky-to-sea gradient, a sun and the destination's name. Run again after changing the list.
set -euo pipefail
cd "$(dirname "$0")/../Sources/TripDemo"
convert=/usr/bin/convert
[ -x "$convert" ] || { echo "needs ImageMagick: apt-get install imagemagick" >&2; exit 1; }
/usr/bin/python3 - <<'PY' | while IFS=$'\t' read -r type id title sky sea; do
import json
for d in json.load(open("Data/deals/destinations.json")):
    print(f"{d['type']}\t{d['id']}\t{d['title']}\t{d['sky']}\t{d['sea']}")
PY
  "$convert" -size 240x160 "gradient:${sky}-${sea}" \
    -fill '#fff3b0' -draw "circle 190,40 190,58" \
    -fill '#00000055' -draw "rectangle 0,118 240,160" \
    -font DejaVu-Sans-Bold -pointsize 15 -fill white -gravity southwest \
    -annotate +10+14 "$title" -strip -quality 82 \
    "Data/deals/images/${type}-${id}.jpg"
done
ls Data/deals/images | wc -l
