#!/usr/bin/env bash
# Measures the real window (run inside scripts/with-display.sh; `make bench` does):
#   start-up to first painted frame, memory once Deals has loaded, and CPU used while idle.
# Prints figures; asserts nothing, so a busy machine cannot make it flaky.
set -euo pipefail
bin=${1:-.build/release/tripboard}
runs=${RUNS:-10}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export TRIPBOARD_DATA_DIR="$scratch/data" TRIPBOARD_CACHE_DIR="$scratch/cache"

times=()
for _ in $(seq 1 "$runs"); do
    start=$(date +%s%N)
    TRIPBOARD_EXIT_AFTER_FIRST_FRAME=1 "$bin"
    times+=($(( ($(date +%s%N) - start) / 1000000 )))
done
printf '%s\n' "${times[@]}" | /usr/bin/python3 -c '
import statistics, sys
t = [int(x) for x in sys.stdin]
print(f"start to first frame: median {statistics.median(t):.0f} ms, min {min(t)} ms, max {max(t)} ms ({len(t)} runs)")'

"$bin" &
app=$!
sleep 4   # Deals loads and its pictures arrive
ticks() { awk '{print $14 + $15}' "/proc/$app/stat"; }
rss=$(awk '/VmRSS/ {print $2}' "/proc/$app/status")
before=$(ticks)
sleep 10
after=$(ticks)
peak=$(awk '/VmHWM/ {print $2}' "/proc/$app/status")
kill "$app"; wait "$app" 2>/dev/null || true
echo "memory with Deals loaded: RSS $((rss / 1024)) MiB (peak $((peak / 1024)) MiB)"
echo "idle window: $((after - before)) CPU ticks of 1/100 s over 10 s ($(( (after - before) * 10 )) ms)"

start=$(date +%s%N)
for _ in $(seq 1 "$runs"); do "$bin" deals --json >/dev/null; done
echo "tripboard deals --json (demo, in-process): $(( ($(date +%s%N) - start) / 1000000 / runs )) ms per run"
