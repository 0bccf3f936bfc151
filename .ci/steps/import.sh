#!/usr/bin/env bash
# CI step for `fathom import`: the optional decoders its tests exercise. Both are loaded at run time
# (libturbojpeg by dlopen, FFmpeg as the `ffmpeg` executable), so the build needs neither; without
# them the import tests still pass, taking the "colour skipped" path instead of the colour checks.
set -euo pipefail
if command -v apt-get >/dev/null 2>&1; then
    missing=()
    ldconfig -p 2>/dev/null | grep -q 'libturbojpeg\.so\.0' || missing+=(libturbojpeg0)
    command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
    if [ ${#missing[@]} -gt 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
fi
echo "import decoders: libturbojpeg $(ldconfig -p | grep -q 'libturbojpeg\.so\.0' && echo present || echo absent), ffmpeg $(command -v ffmpeg >/dev/null && echo present || echo absent)"
