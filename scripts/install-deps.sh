#!/usr/bin/env bash
# Installs the Debian packages Tripboard needs to build, run and test, if any are missing.
set -euo pipefail
# libcurl4-openssl-dev: release builds link Swift's Foundation statically, and its networking part
# links against libcurl; patchelf takes libcurl off the libraries the binary loads at start (it is
# loaded with the first request to a live service: the Makefile's RELEASE_TRIPBOARD). desktop-file-utils, appstream: the install test validates what `make install`
# puts in place; x11-utils: the window test reads its WM_CLASS. python3-gi, libglib2.0-bin,
# gsettings-desktop-schemas: the colour-scheme tests serve a fake Settings portal (Gio) and change
# org.gnome.desktop.interface color-scheme with the gsettings tool. libshumate-dev: the map widget;
# python3-dbusmock, dbus-daemon: the location tests serve a fake GeoClue on a private system bus
# of their own (dbus-daemon comes with dbus on Debian 12; it is named for what the tests run).
packages=(libgtk-4-dev libadwaita-1-dev libshumate-dev adwaita-icon-theme libcurl4-openssl-dev patchelf xvfb xauth dbus at-spi2-core python3-dogtail imagemagick procps
          desktop-file-utils appstream x11-utils python3-gi libglib2.0-bin gsettings-desktop-schemas python3-dbusmock dbus-daemon
          gettext locales)
# `make bench` also builds its yardsticks: a C empty window and a Python client in a virtual environment.
[ "${1:-}" = "--bench" ] && packages+=(gcc pkg-config python3-venv valgrind)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The languages the tests run the app in: a fresh machine has only C.UTF-8.
wanted_locales=(fr_FR.UTF-8 fr_CA.UTF-8 en_GB.UTF-8 en_US.UTF-8)
absent=()
for name in "${wanted_locales[@]}"; do
    locale -a 2>/dev/null | grep -qix "${name/UTF-8/utf8}" || absent+=("$name")
done
if [ ${#absent[@]} -gt 0 ]; then
    echo "Generating locales: ${absent[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    for name in "${absent[@]}"; do
        $sudo sed -i "s/^# *\(${name} UTF-8\)/\1/" /etc/locale.gen
        grep -q "^${name} UTF-8" /etc/locale.gen || echo "${name} UTF-8" | $sudo tee -a /etc/locale.gen >/dev/null
    done
    $sudo locale-gen >/dev/null
fi
command -v swift >/dev/null || { echo "Swift 6 is needed: https://www.swift.org/install/linux/" >&2; exit 1; }
