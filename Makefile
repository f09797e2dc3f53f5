# KiiIdentity: the two commands a new user needs are `make run` and `make test`.
SWIFT ?= swift
SAMPLE ?= Fixtures/sample-users.jsonl

.PHONY: deps build run test lint format bench fuzz sanitize clean

# libphonenumber-dev (8.12.57 on Debian 12) is the one system dependency.
deps:
	@if [ ! -f /usr/include/phonenumbers/phonenumberutil.h ]; then \
		echo "Installing libphonenumber-dev (needs root)"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y libphonenumber-dev; \
	fi

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) build -c release --product kii-identity
	./.build/release/kii-identity check phone +819012345678 || true

test: deps
	$(SWIFT) test --disable-xctest

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Benchmarks

format:
	$(SWIFT) format --in-place --recursive Sources Tests Benchmarks

clean:
	rm -rf .build .build-*
