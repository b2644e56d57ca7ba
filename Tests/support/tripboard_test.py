"""What the command-line and end-to-end tests share: where the binary is, a clean environment,
the demo service on a free port, and a tiny runner that prints 'N passed, N failed'."""
import http.server
import os
import subprocess
import tempfile
import threading
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("TRIPBOARD_BIN", os.path.join(ROOT, ".build", "debug", "tripboard"))


SCRATCH = tempfile.mkdtemp(prefix="tripboard-test-")


def environment(**overrides):
    """This process's environment without any TRIPBOARD_ setting, with data and cache folders of
    the test run's own (never the person's, the desktop's cache included), plus `overrides`; an override of None takes that
    variable away."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TRIPBOARD_")}
    # XDG_CACHE_HOME too: libshumate keeps its map tile cache there, never in the person's.
    clean.update(TRIPBOARD_DATA_DIR=os.path.join(SCRATCH, "data"), TRIPBOARD_CACHE_DIR=os.path.join(SCRATCH, "cache"),
                 XDG_CACHE_HOME=os.path.join(SCRATCH, "xdg-cache"))
    clean.update(overrides)
    return {k: v for k, v in clean.items() if v is not None}


class QuietHandler(http.server.BaseHTTPRequestHandler):
    """A test service's request handler: it logs nothing, and `reply` sends a whole answer."""

    def reply(self, body, kind="application/json", status=200):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class LocalServer:
    """A service of the test's own on a free port of 127.0.0.1, answered by `handler` (a
    `BaseHTTPRequestHandler` class) on a thread of its own until closed."""

    def __init__(self, handler):
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class DemoServer:
    """`tripboard serve-demo` on a free port of 127.0.0.1, optionally with injected faults and its
    clock pinned at `now` (ISO 8601)."""

    def __init__(self, faults="", now=None):
        pinned = ["--now", now] if now else []
        self.process = subprocess.Popen([BIN, "serve-demo", "--port", "0", "--faults", faults, *pinned],
                                        stdout=subprocess.PIPE, text=True, env=environment())
        line = self.process.stdout.readline()
        assert "listening on http://127.0.0.1:" in line, f"serve-demo said: {line!r}"
        self.base = line.strip().rsplit(" ", 1)[1]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def run_tests(namespace, label):
    """Runs every `test_*` function in `namespace`, in order; returns the exit status."""
    tests = [value for name, value in namespace.items() if name.startswith("test_") and callable(value)]
    passed = failed = 0
    for test in tests:
        started = time.monotonic()
        try:
            test()
            passed += 1
            print(f"PASS {test.__name__} ({time.monotonic() - started:.1f} s)", flush=True)
        except Exception:
            failed += 1
            print(f"FAIL {test.__name__} ({time.monotonic() - started:.1f} s)", flush=True)
            traceback.print_exc()
    print(f"{label}: {passed} passed, {failed} failed")
    return 1 if failed else 0
