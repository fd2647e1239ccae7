# mvsearch: build the release binary and install it with its man page and shell completions.
#
#   make install PREFIX="$HOME/.local"    no root needed for a prefix of your own
#   make install DESTDIR=/tmp/pkg         stage for a package (PREFIX stays /usr/local)
#   make install STRIP=true               install the binary with its symbols
#   make uninstall PREFIX="$HOME/.local"  removes exactly the five installed files (not the folders)
#   make test                             every test; the first run installs the MCP test client
#
# The installed binary is stripped (about 14 MB instead of 26 MB); the build folder keeps the
# unstripped one, with its debug information, for a debugger. `make install` then names the files
# and prints, for each shell that does not look under the prefix by itself, the line to add to
# its start-up file (completions/install-notes).
#
# No network: the package has no dependencies. On Linux the Swift runtime and FoundationEssentials are
# linked statically, so the binary runs without a Swift toolchain; it links no libcurl (it loads
# the system's libcurl.so.4 on its first request), so the link needs nothing but the toolchain.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
BUILD_DIR ?= .build-release
STRIP ?= strip

# zsh passes `PREFIX=~/.local` on with the ~ as it is, which would make a folder named ~ here.
ifneq ($(filter ~%,$(PREFIX) $(DESTDIR)),)
$(error PREFIX or DESTDIR starts with ~, which the shell did not expand: write PREFIX="$$HOME/...")
endif

BINDIR := $(DESTDIR)$(PREFIX)/bin
MAN1DIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d


ifeq ($(shell uname -s),Linux)
# The Swift runtime and FoundationEssentials linked statically. Corelibs Foundation is never
# autolinked: a use of its APIs then fails the link instead of adding CoreFoundation and ICU.
# lld lays out the code mvsearch runs together (Linker/mvsearch.order, made by Linker/make-order)
# and, with glibc 2.36 or later, packs the relative relocations (RELR): fewer pages touched.
# The program's own symbols are not exported (swiftc exports an executable's): nothing looks them
# up, yet the loader searched their 470 KB of tables first for each symbol of each library.
NO_CORELIBS := $(foreach library,Foundation CoreFoundation FoundationInternationalization _FoundationICU,\
	-Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc $(library))
RELR := $(shell getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ split($$2, v, "."); \
	if (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) print "-Xlinker -z -Xlinker pack-relative-relocs" }')
ORDER := $(if $(wildcard Linker/mvsearch.order),\
	-Xlinker '--symbol-ordering-file=$(CURDIR)/Linker/mvsearch.order' -Xlinker --no-warn-symbol-ordering)
STATIC := --static-swift-stdlib -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections $(NO_CORELIBS) $(RELR) \
	-Xlinker --no-export-dynamic $(ORDER)
endif

.PHONY: all build check-build-tools install uninstall clean test test-client

all: build

check-build-tools:
	@command -v $(SWIFT) >/dev/null 2>&1 || \
		{ echo "make: mvsearch needs the Swift 6 toolchain ($(SWIFT) not found) — see https://swift.org/install" >&2; exit 1; }

build: check-build-tools
	$(SWIFT) build -c release $(STATIC) --product mvsearch --scratch-path $(BUILD_DIR)

install: build
	install -d "$(BINDIR)" "$(MAN1DIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 755 "$(BUILD_DIR)/release/mvsearch" "$(BINDIR)/mvsearch"
	$(STRIP) "$(BINDIR)/mvsearch"
	install -m 644 man/mvsearch.1 "$(MAN1DIR)/mvsearch.1"
	install -m 644 completions/mvsearch.bash "$(BASHDIR)/mvsearch"
	install -m 644 completions/_mvsearch "$(ZSHDIR)/_mvsearch"
	install -m 644 completions/mvsearch.fish "$(FISHDIR)/mvsearch.fish"
	@sh completions/install-notes "$(PREFIX)" "$(DESTDIR)"

# The folders stay: they may hold other programs' files.
uninstall:
	rm -f "$(BINDIR)/mvsearch" "$(MAN1DIR)/mvsearch.1" "$(BASHDIR)/mvsearch" "$(ZSHDIR)/_mvsearch" \
		"$(FISHDIR)/mvsearch.fish"

clean:
	rm -rf $(BUILD_DIR)

# The end-to-end tests drive `mvsearch mcp` with the official MCP Python SDK, pinned in
# Tests/requirements.txt, from a virtual environment of the build folder's own. pip runs only
# when a pinned package is missing or at another version, so a second run needs no network.
# Without the venv module (Debian ships it apart, as python3-venv), root installs it with apt-get.
PYTHON ?= python3
TEST_VENV := .build/test-venv
SWIFT_TEST_FLAGS ?=

# GNUTLS_NO_IMPLICIT_INIT set for the whole run: loading libcurl then leaves the environment
# alone (it sets the variable only when it is not set), so no test changes it while another
# starts a child process — setenv under a thread reading the environment can crash the run.
test: check-build-tools test-client
	GNUTLS_NO_IMPLICIT_INIT=1 $(SWIFT) test $(SWIFT_TEST_FLAGS)

test-client: $(TEST_VENV)/.requirements-installed

$(TEST_VENV)/bin/python3:
	@$(PYTHON) -m venv $(TEST_VENV) || { \
		rm -rf $(TEST_VENV); \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "make: $(PYTHON) -m venv failed; installing Debian's python3-venv" >&2; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv >/dev/null && \
			$(PYTHON) -m venv $(TEST_VENV); \
		else \
			echo "make: $(PYTHON) -m venv failed — install Python's venv module (Debian: apt-get install python3-venv)" >&2; \
			exit 1; \
		fi; }

$(TEST_VENV)/.requirements-installed: Tests/requirements.txt $(TEST_VENV)/bin/python3
	@$(TEST_VENV)/bin/python3 Tests/requirements-satisfied.py Tests/requirements.txt || \
		$(TEST_VENV)/bin/python3 -m pip install --quiet --disable-pip-version-check -r Tests/requirements.txt
	@touch $@
