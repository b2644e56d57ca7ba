# Tripboard — the two commands: `make run` opens the app on the demo service, `make test` runs every test.
# Both install what is missing first (Debian packages through apt; Swift packages through SwiftPM).

SWIFT ?= swift

.PHONY: run test deps build unit e2e bench install clean

run: build
	scripts/run-app.sh

# The command-line tests run the release build, as `make install` ships it (the optimiser has
# miscompiled code the debug build ran correctly); the window tests run the debug build.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) build -c release --product tripboard
	scripts/with-display.sh $(SWIFT) test --skip-build
	TRIPBOARD_BIN=.build/release/tripboard /usr/bin/python3 Tests/cli/test_cli.py
	Tests/e2e/run.sh

deps:
	scripts/install-deps.sh

build: deps
	$(SWIFT) build

# Only the Swift tests (unit, integration over HTTP on 127.0.0.1, the GTK layer).
unit: deps
	$(SWIFT) build --build-tests
	scripts/with-display.sh $(SWIFT) test --skip-build

# Only the real-window tests.
e2e: build
	Tests/e2e/run.sh

# Figures, not verdicts: in-process decoding and merging, then the whole-process figures beside
# their yardsticks (Benchmarks/run.py, which writes Benchmarks/results.md). Prints; asserts nothing.
bench:
	scripts/install-deps.sh --bench
	$(SWIFT) build -c release
	.build/release/tripboard-bench
	scripts/with-display.sh /usr/bin/python3 Benchmarks/run.py

# Installs the binary, its demo data, the desktop entry, metainfo and icon under PREFIX.
PREFIX ?= /usr/local
install: build
	$(SWIFT) build -c release
	install -Dm755 .build/release/tripboard $(DESTDIR)$(PREFIX)/bin/tripboard
	cp -r .build/release/Tripboard_TripDemo.resources $(DESTDIR)$(PREFIX)/bin/
	install -Dm644 Resources/io.github.tripboard.Tripboard.desktop $(DESTDIR)$(PREFIX)/share/applications/io.github.tripboard.Tripboard.desktop
	install -Dm644 Resources/io.github.tripboard.Tripboard.metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/io.github.tripboard.Tripboard.metainfo.xml
	install -Dm644 Resources/io.github.tripboard.Tripboard.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/io.github.tripboard.Tripboard.svg

clean:
	rm -rf .build
