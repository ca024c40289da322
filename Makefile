# Span Studio: `make run` starts the app on the bundled example, `make test` runs the suite.
# Both create .venv and install what is needed on first use.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-test
EXAMPLE := resources/examples/faireval

export PIP_DISABLE_PIP_VERSION_CHECK := 1

PACKAGE_STAMP := $(VENV)/.installed-package

.PHONY: run test lint bench fuzz bytecode package package-test system-deps-test system-deps-run docs-pictures clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "Span Studio needs Python 3.11 or newer ($(PYTHON) is older)" >&2; exit 2; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

# The bytecode of our own modules, as pip writes it for an installed package (an editable
# install leaves it out, and PYTHONDONTWRITEBYTECODE would have every start compile anew).
# The benches compile the engine themselves before they time it (tests/bench).
# Stale files are harmless: Python checks each against its source.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q engine gui

system-deps-test:
	@sh scripts/system-deps.sh test

system-deps-run:
	@sh scripts/system-deps.sh run

run: $(STAMP) bytecode system-deps-run
	@if [ -z "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ] && [ -z "$${QT_QPA_PLATFORM:-}" ]; then \
	  echo "make run: no display found (DISPLAY is empty); on a machine without a screen use: xvfb-run -a make run" >&2; exit 2; fi
	$(BIN)/spanstudio-gui --example

lint: $(STAMP)
	$(BIN)/ruff check engine gui tests

# The suite runs on every core (pytest-xdist, at most 8 workers); a test whose worker dies of a
# signal (a crash in Qt) is reported failed by name and the rest still run.
test: $(STAMP) bytecode system-deps-test lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -n auto --maxprocesses 8

$(PACKAGE_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,package]'
	touch $@

# The packaged app (PyInstaller, about 2 minutes): dist/span-studio/, a one-file app and,
# on Linux, a tar.gz bundle with the menu entry and the .deb. Not part of `make test`.
# package-test also installs the .deb into a clean Debian root (debootstrap; as root).
package: $(PACKAGE_STAMP)
	@sh scripts/system-deps.sh package
	sh packaging/build.sh $(BIN)/python

package-test: package
	@sh scripts/system-deps.sh package-test
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -s tests/package -o python_files='package_*.py' -p no:cacheprovider
	sh packaging/linux/test_deb.sh dist/span-studio_$$($(BIN)/python -c 'import engine; print(engine.__version__)')_amd64.deb $(BIN)/python

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -s tests/bench -o python_files='bench_*.py' -p no:cacheprovider

# 3,000 mutated copies of real inputs across every method (tests/fuzzing.py): lists each
# traceback, multi-line error and hang, and fails when there is any. FUZZ=N for another count.
FUZZ ?= 3000
fuzz: $(STAMP)
	$(BIN)/python -m tests.fuzzing $(FUZZ)

# README's pictures of the app (docs/*.png), made again from the app as it is: offscreen on a
# 1366x768 screen with a HOME of its own (scripts/docs_pictures.py). docs/workbook.png needs
# LibreOffice and poppler-utils (apt-get install libreoffice-calc poppler-utils); without
# them it is left as it is.
docs-pictures: $(STAMP)
	$(BIN)/python scripts/docs_pictures.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis
