#!/usr/bin/env bash
# Installs Debian's headless Chromium (and its driver) for the browser tests, when missing.
# The tests that need it skip without it; CI wants them to run.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
    echo "chromium present: $(chromium --version 2>/dev/null | head -1)"
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || true
    apt-get install -y -qq chromium chromium-driver >/dev/null
    echo "installed: $(chromium --version 2>/dev/null | head -1)"
else
    echo "chromium missing and cannot be installed here: browser tests will skip"
fi
