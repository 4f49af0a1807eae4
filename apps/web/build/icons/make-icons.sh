#!/bin/sh
# Draws the PNG icons of the web app manifest (ADR 032) from the two SVGs with headless Chromium
# (CHROME_PATH, or Debian's /usr/bin/chromium): public/icons/icon.svg (purpose "any": the mark on
# a rounded teal square, transparent corners) and build/icons/icon-maskable.svg (purpose
# "maskable" and the iPad home-screen icon: a full teal square, the mark inside the central safe
# circle). An SVG without a size fills the window, so a window of N×N pixels draws an N×N icon.
# Run it again after changing either SVG.
set -eu
web="$(cd "$(dirname "$0")/../.." && pwd)"
chrome="${CHROME_PATH:-/usr/bin/chromium}"
draw() {
  "$chrome" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --hide-scrollbars \
    --default-background-color=00000000 --window-size="$2,$2" --screenshot="$web/$3" \
    "file://$web/$1" 2>/dev/null
}
for size in 192 512; do
  draw public/icons/icon.svg "$size" "public/icons/icon-$size.png"
  draw build/icons/icon-maskable.svg "$size" "public/icons/icon-maskable-$size.png"
done
draw build/icons/icon-maskable.svg 180 public/icons/apple-touch-icon.png
