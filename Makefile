# Makefile - the two commands of the README, plus helpers.
#   make run    install missing packages, build, lint examples/ecommerce,
#               write build/ddblint.sarif
#   make test   install missing packages, build, run the whole suite (ctest)
BUILD ?= build
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps build run test oracle clean

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

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

oracle: build
	sh tests/oracle/rederive

clean:
	rm -rf $(BUILD)
