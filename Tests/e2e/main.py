"""End-to-end tests: the real Tripboard window under Xvfb, driven over AT-SPI by accessible names,
the way a screen-reader user drives it, one file per tab sharing harness.py. Run through
Tests/e2e/run.sh (which provides the display, the session bus and the accessibility bus); give test
names or parts of names to run only those. Prints 'N passed, N failed'; exits non-zero on failure."""
import sys

import harness
import test_adwaita
import test_deals
import test_desktop
import test_favourites
import test_search
import test_settings
import test_store
import test_window_keeps
import test_look
import test_narrow
import test_welcome
import test_map
import test_french
import test_locate
import test_pseudo
import test_alerts
import test_offline

if __name__ == "__main__":
    tests = {}
    for module in (test_deals, test_search, test_favourites, test_settings, test_store, test_desktop, test_window_keeps, test_look,
                   test_adwaita, test_narrow, test_welcome, test_map, test_french, test_locate, test_pseudo,
                   test_alerts, test_offline):
        tests.update({name: value for name, value in vars(module).items() if name.startswith("test_")})
    wanted = sys.argv[1:]
    if wanted:
        tests = {name: test for name, test in tests.items() if any(part in name for part in wanted)}
    sys.exit(harness.run_tests(tests, "e2e"))
