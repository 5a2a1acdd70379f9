# koalio: `make run` to play, `make test` to check, `make bench` to measure, `make install` to install,
# `make deb` and `make tarball` to pack it for players who never build anything.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# Release builds link the Swift runtime statically, so an installed koalio needs no toolchain
# (and bind every symbol at start, so the relocation table can be read-only: lintian's bindnow).
# With lld, relative relocations are packed (DT_RELR, glibc 2.36: Debian 12) and the program
# exports no symbols (SwiftPM's default exports all): the dynamic linker then reads 20 KB of
# tables at start instead of 2 MB, which is 1.6 MB less memory and 1.5 MB less binary. Safe
# identical-code folding merges functions whose bodies are the same and whose address nothing
# takes (Swift's generic specializations and thunks): 28 KB less.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker now \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic -Xlinker --icf=safe
ARGS ?=
# The one place the version is written is Game.swift; the package, the archive and the
# metainfo check read it from there.
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/App/KoalioApp/Game.swift)
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB = dist/koalio_$(VERSION)_$(DEB_ARCH).deb
TARBALL = dist/koalio-$(VERSION)-linux-x86_64.tar.gz

ICON_SIZES = 16 22 24 32 48 64 128 256
# Where the data goes under PREFIX (the Debian package puts it in share/games/koalio).
DATADIR ?= $(PREFIX)/share/koalio
# The shipped translations (po/LANG.po), compiled into .build/locale/LANG/LC_MESSAGES/koalio.mo.
LANGUAGES := $(basename $(notdir $(wildcard po/*.po)))
CATALOGS := $(foreach lang,$(LANGUAGES),.build/locale/$(lang)/LC_MESSAGES/koalio.mo)
# The menu entry and the software centre's page with every language's lines, made from
# dist/ (the English) and po/ by msgfmt; these are what is installed.
DESKTOP_FILES := .build/dist/koalio.desktop .build/dist/koalio.metainfo.xml

.PHONY: all setup setup-test build run test po locale check-po check-purity check-docs check-desktop check-deb check-binary check-distros test-sanitized fuzz bench install install-data uninstall deb tarball packages clean

all: build

setup:
	@tools/setup-deps

setup-test:
	@tools/setup-deps --test

build: setup locale
	$(SWIFT) build $(RELEASE_FLAGS) --product koalio

# The translators' template from the message table (Sources/Model/KoalioText/Message+English.swift),
# merged into every language's catalogue: run after adding or changing a message.
po: setup
	$(SWIFT) build --product koalio-messages
	.build/debug/koalio-messages > po/koalio.pot
	for po in po/*.po; do [ -e "$$po" ] || continue; msgmerge --quiet --update --backup=none "$$po" po/koalio.pot || exit 1; done

# Each language compiled (msgfmt --check: formats, plural forms and the header verified), and
# the desktop files translated.
locale: setup $(CATALOGS) $(DESKTOP_FILES)

.build/locale/%/LC_MESSAGES/koalio.mo: po/%.po | setup
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

.build/dist/koalio.desktop: dist/koalio.desktop po/LINGUAS $(wildcard po/*.po) | setup
	@mkdir -p $(dir $@)
	msgfmt --desktop --template=$< -d po --keyword=GenericName --keyword=Comment --keyword=Keywords -o $@

.build/dist/koalio.metainfo.xml: dist/koalio.metainfo.xml po/LINGUAS $(wildcard po/*.po) | setup
	@mkdir -p $(dir $@)
	msgfmt --xml --template=$< -d po -o $@

# Every shipped language complete: no untranslated or fuzzy message (a stale one would show
# English), and po/LINGUAS (which msgfmt --desktop and --xml read) naming exactly the po/ files.
check-po: setup
	@test "$$(tr ' ' '\n' < po/LINGUAS | grep . | sort | tr '\n' ' ')" = "$$(printf '%s\n' $(LANGUAGES) | sort | tr '\n' ' ')" \
		|| { echo "po/LINGUAS does not name exactly the languages in po/: $(LANGUAGES)"; exit 1; }
	@for po in po/*.po; do [ -e "$$po" ] || continue; \
		stats=$$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$$po" 2>&1) || { echo "$$po: $$stats"; exit 1; }; \
		echo "$$po: $$stats"; \
		case "$$stats" in *untranslated*|*fuzzy*) echo "$$po is not complete"; exit 1;; esac; \
	done

run: build
	.build/release/koalio $(ARGS)

# The release build, the package and the archive come first: tests run them with the toolchain
# hidden and from a staging root (see Tests/KoalioEndToEndTests/PackageTests.swift).
test: setup-test check-purity check-docs check-po check-desktop locale packages check-deb check-binary check-distros
	$(SWIFT) build
	$(SWIFT) test

packages: deb tarball

deb: build
	tools/package deb $(VERSION)

tarball: build
	tools/package tarball $(VERSION)

# The pure roots (the flow, the rollback session, admission, the words, the plain values, the
# simulation) and their closures import no Glibc, Foundation, Dispatch or C module and read no
# clock or system randomness; every target imports only what it declares; only the platform
# layer imports SDL (tools/check-purity); and each fault it claims to catch is planted and caught.
check-purity:
	tools/check-purity
	tools/check-purity --self-test

# The size guard: the stripped release binary within 20 MiB (the phones' server, SwiftNIO, among it), and no ICU in it (tools/check-binary).
check-binary: build
	tools/check-binary .build/release/koalio

# The package in Debian 13 and in Debian unstable with sdl2-compat (SDL3), installed with apt and
# played (tools/distro-matrix; the roots are made once and kept in $XDG_CACHE_HOME/koalio/roots).
check-distros: setup-test deb
	tools/distro-matrix $(DEB)

# The docs a front door and a true map: docs/ARCHITECTURE.md names every target of the package,
# the README stays within 250 lines, every relative link is there (tools/check-docs).
check-docs:
	tools/check-docs

# lintian on the package: no error or warning may stand.
check-deb: deb
	lintian --fail-on error,warning $(DEB)

# The desktop entry and the AppStream metainfo, as desktop-file-utils and appstream-util read them.
check-desktop: setup-test locale
	desktop-file-validate .build/dist/koalio.desktop
	appstream-util validate-relax --nonet .build/dist/koalio.metainfo.xml

# The suite under AddressSanitizer and LeakSanitizer (tools/lsan.supp names the system libraries
# whose allocations live until exit), then the tests that decode images on the worker thread and
# run the game loop under ThreadSanitizer. Separate build folders: .build-asan, .build-tsan.
# The Xvfb window tests run under AddressSanitizer without leak checks: Mesa's OpenGL driver
# keeps 112 bytes whose allocation LeakSanitizer cannot trace to a library (no frame pointers).
LSAN_SUPPRESSIONS = LSAN_OPTIONS=suppressions=$(CURDIR)/tools/lsan.supp:print_suppressions=0
test-sanitized: setup-test
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	$(LSAN_SUPPRESSIONS) $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --skip WindowTests
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan \
		--disable-swift-testing --filter WindowTests
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --disable-swift-testing \
		--filter 'WindowTests|HeadlessTests|GameLoopPadTests|HUDLoopTests|RegressionTests'

# libFuzzer on the level, replay, input-script and mapping readers (FUZZ_SECONDS each; see tools/fuzz).
FUZZ_SECONDS ?= 60
fuzz: setup
	tools/fuzz $(FUZZ_SECONDS)

bench: setup-test packages
	$(SWIFT) build $(RELEASE_FLAGS) --product koalio-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product koalio-online-probe
	.build/release/koalio-bench --koalio .build/release/koalio --data-dir . --package $(DEB) --archive $(TARBALL)

# The game, its data, and what a desktop needs to list it: the menu entry, the icons (hicolor
# theme) and the AppStream metainfo for software centres.
install: build install-data
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 .build/release/koalio "$(DESTDIR)$(PREFIX)/bin/koalio"

# Everything but the binary (the install-layout test uses it without a release build).
install-data: locale
	install -d "$(DESTDIR)$(DATADIR)" "$(DESTDIR)$(PREFIX)/share/applications" "$(DESTDIR)$(PREFIX)/share/metainfo"
	cp -R Resources Levels "$(DESTDIR)$(DATADIR)/"
	for lang in $(LANGUAGES); do \
		install -D -m 644 .build/locale/$$lang/LC_MESSAGES/koalio.mo "$(DESTDIR)$(PREFIX)/share/locale/$$lang/LC_MESSAGES/koalio.mo" || exit 1; \
	done
	install -m 644 .build/dist/koalio.desktop "$(DESTDIR)$(PREFIX)/share/applications/koalio.desktop"
	install -m 644 .build/dist/koalio.metainfo.xml "$(DESTDIR)$(PREFIX)/share/metainfo/koalio.metainfo.xml"
	for size in $(ICON_SIZES); do \
		install -D -m 644 dist/icons/hicolor/$${size}x$${size}/apps/koalio.png \
			"$(DESTDIR)$(PREFIX)/share/icons/hicolor/$${size}x$${size}/apps/koalio.png" || exit 1; \
	done
	@# Caches are the packager's business when staging into DESTDIR; refreshed for a direct install.
	@if [ -z "$(DESTDIR)" ] && command -v gtk-update-icon-cache >/dev/null; then gtk-update-icon-cache -q -t "$(PREFIX)/share/icons/hicolor" || true; fi
	@if [ -z "$(DESTDIR)" ] && command -v update-desktop-database >/dev/null; then update-desktop-database -q "$(PREFIX)/share/applications" || true; fi

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/koalio"
	rm -rf "$(DESTDIR)$(DATADIR)"
	rm -f "$(DESTDIR)$(PREFIX)/share/applications/koalio.desktop" "$(DESTDIR)$(PREFIX)/share/metainfo/koalio.metainfo.xml"
	for lang in $(LANGUAGES); do rm -f "$(DESTDIR)$(PREFIX)/share/locale/$$lang/LC_MESSAGES/koalio.mo"; done
	for size in $(ICON_SIZES); do rm -f "$(DESTDIR)$(PREFIX)/share/icons/hicolor/$${size}x$${size}/apps/koalio.png"; done

clean:
	rm -rf .build dist/*.deb dist/*.tar.gz
