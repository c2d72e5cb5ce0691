# Makefile - the two commands of the README, plus helpers.
#   make run    install missing packages, build, lint examples/ecommerce and
#               examples/ecommerce-c, write build/ddblint.sarif and
#               build/ddblint-c.sarif
#   make test   install missing packages, build, run the whole suite (ctest)
#   make bench  the benchmark (bench/README.md; `make bench-quick`: minutes)
BUILD ?= build
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps build run test oracle bench bench-quick clean

all: build

deps:
	@sh tools/install-deps

build: deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

run: build
	@echo "== ddblint examples/ecommerce"
	@cd examples/ecommerce && ../../$(BUILD)/bin/ddblint --sarif ../../$(BUILD)/ddblint.sarif . ; \
	  rc=$$?; if [ $$rc -gt 1 ]; then exit $$rc; fi
	@echo "== SARIF written to $(BUILD)/ddblint.sarif"
	@echo "== ddblint examples/ecommerce-c"
	@cd examples/ecommerce-c && ../../$(BUILD)/bin/ddblint --sarif ../../$(BUILD)/ddblint-c.sarif . ; \
	  rc=$$?; if [ $$rc -gt 1 ]; then exit $$rc; fi
	@echo "== SARIF written to $(BUILD)/ddblint-c.sarif"

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

oracle: build
	sh tests/oracle/rederive

# The benchmark needs clang-tidy besides the build's packages; BENCH_ARGS
# passes options through (bench/bench --help).
bench: build
	@sh tools/install-deps clang-tidy
	python3 bench/bench --build $(BUILD) $(BENCH_ARGS)

bench-quick: build
	@sh tools/install-deps clang-tidy
	python3 bench/bench --quick --build $(BUILD) $(BENCH_ARGS)

clean:
	rm -rf $(BUILD)
