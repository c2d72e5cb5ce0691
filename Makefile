# Makefile - the two commands of the README, plus helpers.
#   make run    install missing packages, build, lint examples/ecommerce and
#               examples/ecommerce-c, write build/ddblint.sarif and
#               build/ddblint-c.sarif
#   make test   install missing packages, build, run the whole suite (ctest)
#   make bench  the benchmark (bench/README.md; `make bench-quick`: minutes)
#   make fuzz   install clang's fuzzer runtime if missing, build the fuzz
#               targets (build-fuzz/, clang, ASan+UBSan) and run each for
#               FUZZ_SECONDS (default 60): fuzz/README.md
BUILD ?= build
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60

.PHONY: all deps build run test oracle bench bench-quick fuzz clean

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

fuzz:
	@sh tools/install-deps libclang-rt-dev
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang -DDL_FUZZ=ON -DDL_BUILD_TESTS=OFF
	cmake --build $(FUZZ_BUILD) -j $(JOBS)
	FUZZ_SECONDS=$(FUZZ_SECONDS) python3 tools/run-fuzz $(FUZZ_BUILD)

clean:
	rm -rf $(BUILD)
