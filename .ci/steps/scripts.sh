#!/usr/bin/env bash
# The Python validation and peer scripts (scripts/, Server/scripts/) must at least compile; the peers
# themselves (open3d, …) are optional and each script skips when its module is absent, so CI does not
# install them. To run the peer comparisons: `pip install open3d-cpu numpy`, then see the docs.
set -euo pipefail
cd "$(dirname "$0")/../.."
if command -v python3 >/dev/null 2>&1; then
    find scripts Server/scripts -name '*.py' -print0 | xargs -0 -n1 python3 -m py_compile
    echo "python scripts compile: $(find scripts Server/scripts -name '*.py' | wc -l)"
fi
