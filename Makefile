# koalio: `make run` to play, `make test` to check, `make bench` to measure, `make install` to install.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# Release builds link the Swift runtime statically, so an installed koalio needs no toolchain.
RELEASE_FLAGS = -c release --static-swift-stdlib
ARGS ?=

.PHONY: all setup setup-test build run test test-sanitized fuzz bench install uninstall clean

all: build

setup:
	@tools/setup-deps

setup-test:
	@tools/setup-deps --test

build: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product koalio

run: build
	.build/release/koalio $(ARGS)

test: setup-test
	$(SWIFT) build
	$(SWIFT) test

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

bench: setup-test
	$(SWIFT) build $(RELEASE_FLAGS) --product koalio
	$(SWIFT) build $(RELEASE_FLAGS) --product koalio-bench
	.build/release/koalio-bench --koalio .build/release/koalio --data-dir .

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/koalio"
	install -m 755 .build/release/koalio "$(DESTDIR)$(PREFIX)/bin/koalio"
	cp -R Resources Levels "$(DESTDIR)$(PREFIX)/share/koalio/"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/koalio"
	rm -rf "$(DESTDIR)$(PREFIX)/share/koalio"

clean:
	rm -rf .build
