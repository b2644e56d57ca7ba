# Tripboard — the two commands: `make run` opens the app on the demo service, `make test` runs every test.
# Both install what is missing first (Debian packages through apt; Swift packages through SwiftPM).

SWIFT ?= swift
# Release builds carry Swift's runtime and Foundation inside the binary: 15 ms less start-up than
# loading them as shared libraries (Benchmarks/results.md). lld links them with
# - each function in a section of its own, and the ones the window runs from its start to its
#   Deals placed side by side, then those a search runs (scripts/startup.order, `make
#   startup-order`): the kernel maps code 64 KiB around each page first touched, and the
#   start-up's functions lay in 277 such blocks over 26 MB of code, now in 163; a search added
#   3.6-3.9 MiB of the binary's resident pages, now 1.3-1.4;
# - relative relocations packed (DT_RELR): 2.8 MB of them were read at each start, now 24 KB;
# - no symbols exported: 33,000 of them (2 MB), which the dynamic linker searched first for every
#   symbol of every library it bound.
# The binary's part of the window's memory with Deals shown went from 31.4 to 17.8 MiB.
# Swift code calls each concrete generic type's metadata accessor instead of having the runtime
# read the type from its mangled name (-disable-concrete-type-metadata-mangled-name-accessors):
# reading one checks its generic requirements, and the first check of each conformance searches
# all 9,000 of the binary's conformance records. Callgrind up to the first frame: conformance
# searches 27.6 -> 14.9 M instructions, mangled names 25.9 -> 11.1 M; 15 alternating launches
# without the accessibility bus 176.3 -> 170.8 ms, with it 177.6 -> 175.0 ms.
RELEASE = $(SWIFT) build -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/startup.order -Xlinker --no-warn-symbol-ordering \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
# The release binary, then libcurl and libshumate taken off the libraries loaded before `main`.
# Both are called through functions of Tripboard's own that load the library with its first use
# (Sources/CCurlOnDemand: Foundation's networking, with the first request to a live service;
# Sources/CShumateOnDemand: the first map made), so nothing of the binary binds to them, but the
# link names every library it was given (swiftc puts `--as-needed` after them). They, and the
# libraries only they bring (libcurl's 13: OpenSSL, GnuTLS, LDAP, SASL, SSH, RTMP…; libshumate's
# 11: libsoup, Kerberos, nghttp2, PSL…), were loaded and started at every launch; the built-in
# demo never loads libcurl, and a launch that makes no map (one that stays on Deals, Search or
# Settings) never loads libshumate.
RELEASE_TRIPBOARD = $(RELEASE) --product tripboard \
	&& patchelf --remove-needed libcurl.so.4 --remove-needed libshumate-1.0.so.1 .build/release/tripboard

.PHONY: run test deps build unit e2e bench startup-order install uninstall screenshots clean pot update-po locale

run: build
	scripts/run-app.sh

# The command-line tests run the release build, as `make install` ships it (the optimiser has
# miscompiled code the debug build ran correctly); the window tests run the debug build, and the
# one that sees the map's library loaded with the first map runs the release build too (only it
# loads libshumate on demand).
test: deps locale
	scripts/translations.sh check
	$(SWIFT) build --build-tests
	$(RELEASE_TRIPBOARD)
	scripts/with-display.sh $(SWIFT) test --skip-build
	TRIPBOARD_BIN=.build/release/tripboard /usr/bin/python3 Tests/cli/test_cli.py
	TRIPBOARD_BIN=.build/release/tripboard /usr/bin/python3 Tests/cli/test_store.py
	Tests/e2e/run.sh
	TRIPBOARD_BIN=.build/release/tripboard Tests/e2e/run.sh test_the_maps_library_is_loaded_with_the_first_map

deps:
	scripts/install-deps.sh

build: deps locale
	$(SWIFT) build

# The translations: the compiled catalogues in .build/locale, where the built binary finds them
# (`msgfmt -c`, so a catalogue that drops a placeholder or lacks its plural rule fails the build).
locale:
	scripts/translations.sh compile .build/locale

# Regenerates the template po/io.github.tripboard.Tripboard.pot (and po/POTFILES) from the sources.
pot:
	scripts/translations.sh pot

# Merges the template into every language's catalogue.
update-po:
	scripts/translations.sh update-po

# Only the Swift tests (unit, integration over HTTP on 127.0.0.1, the GTK layer).
unit: deps
	$(SWIFT) build --build-tests
	scripts/with-display.sh $(SWIFT) test --skip-build

# Only the real-window tests.
e2e: build
	Tests/e2e/run.sh

# Regenerates screenshots/: the real-window tests' pictures of each tab and state, in the light
# style and, with the desktop preferring dark (libadwaita's ADW_DEBUG_COLOR_SCHEME), under
# screenshots/dark/. `make test` keeps its pictures in a scratch folder instead.
screenshots: build
	TRIPBOARD_SCREENSHOTS=$(CURDIR)/screenshots Tests/e2e/run.sh
	ADW_DEBUG_COLOR_SCHEME=prefer-dark TRIPBOARD_SCREENSHOTS=$(CURDIR)/screenshots/dark Tests/e2e/run.sh
	# The dark-style test's own pictures are already in the light run's set.
	rm -f screenshots/dark/dark-*.png screenshots/dark/light-settings.png

# Figures, not verdicts: in-process decoding and merging, then the whole-process figures beside
# their yardsticks (Benchmarks/run.py, which writes Benchmarks/results.md). Prints; asserts nothing.
# Only the two products it runs: a release build of everything also builds TestSupport, which
# imports Testing and fails to build that way. The catalogues too: the French figures are of the
# app in French.
bench: deps locale
	scripts/install-deps.sh --bench
	$(RELEASE_TRIPBOARD)
	$(RELEASE) --product tripboard-bench
	.build/release/tripboard-bench
	scripts/with-display.sh /usr/bin/python3 Benchmarks/run.py

# Rewrites scripts/startup.order from the release build as it starts (under callgrind), then
# links the release build again with it.
startup-order:
	scripts/install-deps.sh --bench
	$(RELEASE_TRIPBOARD)
	scripts/with-display.sh /usr/bin/python3 scripts/startup-order.py .build/release/tripboard
	# SwiftPM does not know the file is an input of the link: the binary goes, so it is linked again.
	rm .build/release/tripboard
	$(RELEASE_TRIPBOARD)

# Installs the binary, its demo data, the desktop entry, the AppStream metainfo and the icons,
# all named by the application id (but the status and spinner icons: see scripts/make-icons.sh), under PREFIX (and DESTDIR, for staging). The binary finds its
# data from its own place, so a prefix may be moved after staging. `make uninstall` removes
# exactly these.
PREFIX ?= $(HOME)/.local
APP_ID = io.github.tripboard.Tripboard
# The icons drawn as PNGs of the sizes they are shown at (scripts/make-icons.sh).
STATUS_ICONS = $(patsubst Sources/TripApp/Icons/%,share/icons/%,$(wildcard Sources/TripApp/Icons/hicolor/*/status/*.symbolic.png))
INSTALLED = bin/tripboard share/applications/$(APP_ID).desktop share/metainfo/$(APP_ID).metainfo.xml \
	share/icons/hicolor/scalable/apps/$(APP_ID).svg share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	share/icons/hicolor/128x128/apps/$(APP_ID).png $(STATUS_ICONS) \
	$(foreach lang,$(shell cat po/LINGUAS),share/locale/$(lang)/LC_MESSAGES/$(APP_ID).mo)
install: deps
	$(RELEASE_TRIPBOARD)
	install -Dm755 .build/release/tripboard $(DESTDIR)$(PREFIX)/bin/tripboard
	rm -rf $(DESTDIR)$(PREFIX)/share/tripboard
	mkdir -p $(DESTDIR)$(PREFIX)/share/tripboard
	cp -r Sources/TripDemo/Data $(DESTDIR)$(PREFIX)/share/tripboard/data
	scripts/translations.sh compile $(DESTDIR)$(PREFIX)/share/locale
	install -d $(DESTDIR)$(PREFIX)/share/applications
	scripts/translations.sh desktop $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	chmod 644 $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	install -d $(DESTDIR)$(PREFIX)/share/metainfo
	scripts/write-metainfo.sh .build/release/tripboard $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	chmod 644 $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 Sources/TripApp/Icons/hicolor/scalable/apps/$(APP_ID).svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -Dm644 Sources/TripApp/Icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	install -Dm644 Sources/TripApp/Icons/hicolor/128x128/apps/$(APP_ID).png $(DESTDIR)$(PREFIX)/share/icons/hicolor/128x128/apps/$(APP_ID).png
	$(foreach icon,$(STATUS_ICONS),install -Dm644 Sources/TripApp/Icons/$(icon:share/icons/%=%) $(DESTDIR)$(PREFIX)/$(icon) &&) true

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))
	rm -rf $(DESTDIR)$(PREFIX)/share/tripboard

clean:
	rm -rf .build
