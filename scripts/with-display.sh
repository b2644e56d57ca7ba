#!/usr/bin/env bash
# Runs a command inside a private X display (Xvfb) and a private D-Bus session with the
# accessibility bus running, as the GUI tests need, then stops what it started, by PID.
#   scripts/with-display.sh COMMAND [ARGS...]
# Inside: DISPLAY, GDK_BACKEND=x11, GSK_RENDERER=cairo, and a session bus with AT-SPI.
set -euo pipefail

if [ -z "${TRIPBOARD_IN_SESSION:-}" ]; then
    display=""
    for n in $(seq 90 140); do
        if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then display=":$n"; break; fi
    done
    [ -n "$display" ] || { echo "with-display: no free X display number" >&2; exit 1; }
    Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb=$!
    trap 'kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true' EXIT
    for _ in $(seq 1 100); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.05; done
    export DISPLAY="$display" GDK_BACKEND=x11 GSK_RENDERER=cairo TRIPBOARD_IN_SESSION=1
    status=0
    dbus-run-session -- "$0" "$@" || status=$?
    exit "$status"
fi

# Inside the private session bus: start the accessibility bus and wait until it answers.
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
launcher=$!
cleanup() {
    # The launcher's children (the a11y bus, the registry) belong to this session: end them too.
    for child in $(pgrep -P "$launcher" 2>/dev/null); do kill "$child" 2>/dev/null || true; done
    kill "$launcher" 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 1 100); do
    gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
    sleep 0.05
done
unset GTK_A11Y
"$@"
