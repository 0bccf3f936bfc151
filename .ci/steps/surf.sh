#!/usr/bin/env bash
# Surface finder (issue 16): the optional peer comparison's Python side.
# scripts/peer-plane-segmentation.py compares Fathom's plane search with Open3D's segment_plane on the
# crowded-scene sweep; it skips (exit 0) when open3d or numpy is missing. This step installs them when
# pip is there (best effort: the tests never need them) and checks that the script compiles.
set -euo pipefail
cd "$(dirname "$0")/../.."
if command -v python3 >/dev/null 2>&1; then
    python3 -m py_compile scripts/peer-plane-segmentation.py
    if ! python3 -c "import open3d, numpy" >/dev/null 2>&1; then
        python3 -m pip install --quiet open3d-cpu numpy || echo "surf step: open3d not installed (the peer script will skip)"
    fi
fi
