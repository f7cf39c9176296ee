# linkcontract: `make site` builds the docs, `make test` runs the tests.
SWIFT ?= swift
PACKAGES := libcmark-dev libxml2-dev libcurl4-openssl-dev pkg-config nodejs
TOOL := .build/debug/linkcontract
RELEASE_TOOL := .build/release/linkcontract

.PHONY: all deps tool release release-flags site generate check test lint format bench bench-hostile fuzz validate-site preview clean contract-edit-check release-check example api-docs init-check

all: site

## api-docs: the values API's reference (module LinkContract) with the toolchain's DocC, in
## .build/api-docs; fails on a broken symbol link or a public symbol without a doc comment
api-docs: deps
	SWIFT=$(SWIFT) scripts/api-docs.sh

## deps: install the C libraries (cmark, libxml2, libcurl) when pkg-config cannot find them, and Node.js (the docs' link checker's tests)
deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcmark libxml-2.0 libcurl && command -v node >/dev/null 2>&1; then \
	  :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "Installing $(PACKAGES) with apt-get"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(PACKAGES); \
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then \
	  echo "Installing $(PACKAGES) with sudo apt-get"; \
	  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(PACKAGES); \
	else \
	  echo "linkcontract needs cmark, libxml2, libcurl and Node.js. Install them, then run make again:"; \
	  echo "  sudo apt-get update && sudo apt-get install -y $(PACKAGES)"; \
	  exit 1; \
	fi

tool: deps
	$(SWIFT) build --product linkcontract

## release: an optimized linkcontract in .build/release, with the Swift runtime and Foundation
## linked in (about 5 ms less start-up per command than shared libraries; lld, since gold warns
## about the static Foundation's mktemp). Generic types' metadata is reached through direct
## accessors rather than mangled names, which the runtime would demangle and match against every
## conformance of the binary on first use: about 3 ms of a 20 ms rebuild (docs/benchmark-history.md)
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product linkcontract

# The flags above, for scripts/bench.sh, which builds its binaries the same way.
release-flags:
	@echo $(RELEASE_FLAGS)

## site: build Site/ from Content/, Templates/ and the contract values
site: tool
	$(TOOL) generate

## generate: write every generated file (conformance table, Site/)
generate: tool
	$(TOOL) generate

## check: fail, naming each stale file, when a generated file differs from a fresh build
check: tool
	$(TOOL) check

## release-check: check, diff against the previous release tag (v*) when there is one, audit APP_DIR when given
APP_DIR ?=
release-check: tool
	$(TOOL) check
	@previous=$$(git describe --tags --abbrev=0 --match 'v*' HEAD 2>/dev/null || true); \
	if [ -n "$$previous" ]; then \
	  echo "== diff against $$previous"; \
	  $(TOOL) diff --against "$$previous" || echo "(differences above: review the revalidation triggers before shipping)"; \
	else \
	  echo "== no release tag (v*) yet: nothing to diff against"; \
	fi
	@if [ -n "$(APP_DIR)" ]; then \
	  echo "== audit $(APP_DIR)"; \
	  $(TOOL) audit "$(APP_DIR)"; \
	else \
	  echo "== no APP_DIR given: audit skipped (make release-check APP_DIR=../customer-app)"; \
	fi

## test: build and run the whole test suite (and the preview server's tests)
test: deps
	python3 -m unittest discover -s scripts -p 'test_*.py'
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest

## example: the second adopter, Examples/StoreApp: its site, tests and check, with its own make targets
example:
	$(MAKE) -C Examples/StoreApp site
	$(MAKE) -C Examples/StoreApp test
	$(MAKE) -C Examples/StoreApp check

## lint: swift-format in strict mode over every source
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Examples/StoreApp/Package.swift \
	  Examples/StoreApp/Sources Examples/StoreApp/Tests

## init-check: `linkcontract init` of a new app in a temporary folder (against this checkout, by path), then its own make site, test and check; a second init refused; its output names its own tool
init-check:
	scripts/test_init.sh

## contract-edit-check: in a temporary clone, edit only the contract values (routes, a format, a host cutover, a scheme, a third build; the Store's host), then make site, test, check and diff
contract-edit-check:
	scripts/contract-edit-check.sh

## bench: build speed beside Hugo (full builds on disk and in memory, peak memory, the cmark floor, incremental rebuilds; BENCH_PAGES sizes, RUNS runs) and parser speed beside URLComponents
BENCH_PAGES ?= 2000 20000
bench: deps
	RUNS=$(RUNS) scripts/bench.sh $(BENCH_PAGES)

## bench-hostile: how build, parse and validate times grow on hostile input of doubling sizes: the release tool, then every executable scripts/hostile-growth/*.sh with its path (figures only; the tests never assert on time)
bench-hostile: release
	@for script in scripts/hostile-growth/*.sh; do \
	  if [ -x "$$script" ]; then echo "== $$script"; "$$script" "$(RELEASE_TOOL)" || exit 1; fi; \
	done

## fuzz: libFuzzer runs of the parser and the Content pipeline (FUZZ_SECONDS per target, FUZZ_SEED to fix the seed)
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SEED=$(FUZZ_SEED) scripts/fuzz.sh $(FUZZ_SECONDS)

## validate-site: W3C Nu HTML checker and axe-core in headless Chromium over Site/
validate-site:
	scripts/validate-site.sh

## preview: serve Site/ on 127.0.0.1:$(PORT) and rebuild on save (open a page with ?live to reload it)
PORT ?= 8000
preview: deps
	PORT=$(PORT) scripts/preview.sh

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

clean:
	rm -rf .build .build-fuzz .bench .fuzz .validate
