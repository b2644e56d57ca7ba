#!/usr/bin/env bash
# Writes the AppStream metainfo, translated, with its newest release's version taken from what BINARY prints
# as its version (AppVersion.current): one version, kept in one place. Used by `make install`,
# and by the About test, which checks the window, the binary and this file agree.
set -euo pipefail
binary="$1" out="$2"
cd "$(dirname "$0")/.."
version="$("$binary" --version | cut -d' ' -f2)"
# Every language's translations merged in (msgfmt --xml, through AppStream's ITS rules).
template=$(mktemp --suffix=.metainfo.xml)
sed "s/@VERSION@/$version/" Resources/io.github.tripboard.Tripboard.metainfo.xml.in > "$template"
msgfmt --xml -d po --template "$template" -o "$out"
rm -f "$template"
