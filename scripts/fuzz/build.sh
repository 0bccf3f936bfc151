#!/usr/bin/env bash
# Builds the libFuzzer targets of scripts/fuzz/targets/*.swift into .build/fuzz/bin/.
#
# Each Fathom module a target needs is compiled straight from Sources/ with swiftc (whole-module,
# -O, -enable-testing so harnesses may use internal API, -sanitize=fuzzer,address for coverage and
# AddressSanitizer), then linked with Harness.swift and the target file. A target names the modules
# it imports in a header line: `// fuzz-modules: FathomCore FathomIO`. Modules are rebuilt only when
# one of their sources is newer than the object.
#
# Usage: scripts/fuzz/build.sh [target ...]   (default: every file in scripts/fuzz/targets/)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
out="$root/.build/fuzz"
mods="$out/modules"
bin="$out/bin"
mkdir -p "$mods" "$bin"

zipfoundation="$root/.build/checkouts/ZIPFoundation/Sources"
[ -d "$zipfoundation" ] || swift package resolve >/dev/null
flags=(-parse-as-library -wmo -O -enable-testing -sanitize=fuzzer,address -I "$mods" -I Sources/FathomZlib
    -I "$zipfoundation/CZLib")

# Module dependencies, as in Package.swift (add a line when a fuzz target needs a new module).
declare -A deps=(
    [FathomCore]=""
    [ZIPFoundation]=""
    [FathomIO]="FathomCore ZIPFoundation"
    [FathomSensing]="FathomCore"
    [FathomSurfaces]="FathomCore"
    [FathomRegistration]="FathomCore"
    [FathomPlan]="FathomCore FathomIO FathomSensing FathomSurfaces FathomRegistration"
    [FathomImport]="FathomCore FathomIO FathomPlan"
)

declare -A built=()
build_module() {
    local m="$1"
    [ -n "${built[$m]:-}" ] && return 0
    if [ -z "${deps[$m]+x}" ]; then echo "fuzz build: unknown module $m (add it to deps in $0)" >&2; exit 2; fi
    local d
    for d in ${deps[$m]}; do build_module "$d"; done
    local srcdir extra=()
    if [ "$m" = ZIPFoundation ]; then
        srcdir="$zipfoundation/ZIPFoundation"
        extra=(-Xcc -D_GNU_SOURCE=1)
    else
        srcdir="Sources/$m"
    fi
    local obj="$mods/$m.o"
    if [ -f "$obj" ] && [ -z "$(find "$srcdir" -name '*.swift' -newer "$obj" | head -1)" ]; then
        built[$m]=1
        return 0
    fi
    echo "fuzz build: module $m"
    # shellcheck disable=SC2046
    swiftc -module-name "$m" "${flags[@]}" "${extra[@]}" -emit-module -emit-module-path "$mods/$m.swiftmodule" \
        -emit-object -o "$obj" $(find "$srcdir" -name '*.swift' | sort) 2>&1 | grep -v "warning:" || true
    [ -f "$obj" ] || { echo "fuzz build: module $m failed" >&2; exit 1; }
    built[$m]=1
}

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for f in scripts/fuzz/targets/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi
for t in "${targets[@]}"; do
    src="scripts/fuzz/targets/$t.swift"
    [ -f "$src" ] || { echo "fuzz build: no target $src" >&2; exit 2; }
    modules=$(sed -n 's|^// fuzz-modules:||p' "$src" | head -1)
    [ -n "$modules" ] || { echo "fuzz build: $src lacks a '// fuzz-modules:' line" >&2; exit 2; }
    closure=()
    for m in $modules; do build_module "$m"; done
    for m in "${!built[@]}"; do closure+=("$mods/$m.o"); done
    exe="$bin/fuzz-$t"
    if [ -f "$exe" ] && [ -z "$(find "$src" scripts/fuzz/Harness.swift scripts/fuzz/Seeds.swift "${closure[@]}" -newer "$exe" | head -1)" ]; then
        continue
    fi
    echo "fuzz build: target $t"
    # Link only the objects of modules this target's closure needs.
    need=()
    collect() { local m="$1"; local d; for d in ${deps[$m]}; do collect "$d"; done; need+=("$mods/$m.o"); }
    for m in $modules; do collect "$m"; done
    mapfile -t need < <(printf '%s\n' "${need[@]}" | awk '!seen[$0]++')
    swiftc -module-name "fuzz_${t//-/_}" "${flags[@]}" scripts/fuzz/Harness.swift scripts/fuzz/Seeds.swift "$src" "${need[@]}" \
        -lz -o "$exe" 2>&1 | grep -vE "warning:|Cannot export local symbol" || true
    [ -x "$exe" ] || { echo "fuzz build: target $t failed" >&2; exit 1; }
done
