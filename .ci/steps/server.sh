#!/usr/bin/env bash
# CI step for the server (nested package Server/): builds it, starts a throw-away PostgreSQL cluster on a
# free loopback port, runs the server's tests against SQLite and PostgreSQL, the multi-process tests
# (1 API + 2 workers on PostgreSQL with a kill -9; one process on SQLite), and the OpenAPI checks.
# Bounded: every step has a timeout; about 12-20 minutes on 2 cores, most of it the first build.
# Set FATHOM_SERVER_LOAD=1 to also run the load figures (release build, wrk; localize latency).
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"

need_apt=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need_apt+=(postgresql)
command -v curl >/dev/null 2>&1 || need_apt+=(curl)
pkg-config --exists zlib 2>/dev/null || need_apt+=(zlib1g-dev)
command -v sqlite3 >/dev/null 2>&1 || dpkg -s libsqlite3-dev >/dev/null 2>&1 || need_apt+=(libsqlite3-dev)
if [ "${FATHOM_SERVER_LOAD:-0}" = 1 ] && ! command -v wrk >/dev/null 2>&1; then need_apt+=(wrk); fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "== apt-get install ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}"
fi
# Headless Chromium and its driver (Debian's) for the web page's browser test, which skips without them.
bash .ci/steps/browser.sh
python3 -c "import openapi_spec_validator" 2>/dev/null || pip install -q openapi-spec-validator || true
command -v schemathesis >/dev/null 2>&1 || pip install -q schemathesis || true

echo "== server: build (debug, with tests)"
timeout 1500 swift build --package-path Server --build-tests
bin="$(swift build --package-path Server --show-bin-path)/fathom-server"

echo "== server: PostgreSQL on loopback"
pgbin="$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")"
pgdir="$(mktemp -d /tmp/fathom-pg.XXXXXX)"
pgport="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
if [ "$(id -u)" = 0 ]; then
  chown postgres "$pgdir"; as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi
as_pg "$pgbin/initdb" -D "$pgdir/data" -U postgres -A trust >/dev/null
as_pg "$pgbin/pg_ctl" -D "$pgdir/data" -l "$pgdir/log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $pgport -k $pgdir -c max_connections=200 -c fsync=off" start >/dev/null
stop_pg() { as_pg "$pgbin/pg_ctl" -D "$pgdir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$pgdir"; }
trap stop_pg EXIT
export FATHOM_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$pgport/postgres"
echo "PostgreSQL on 127.0.0.1:$pgport"

echo "== server: tests (SQLite and PostgreSQL)"
timeout 900 swift test --package-path Server 2>&1 | tee /tmp/fathom-server-test.log
grep -E "Test run with [0-9]+ tests" /tmp/fathom-server-test.log | tail -1

work="$(mktemp -d)"
"$bin" sample-scan -o "$work/scan.zip" --depth-every 4

echo "== server: multi-process, PostgreSQL (1 API + 2 workers, 20 uploads, kill -9 of a worker)"
timeout 900 python3 Server/scripts/cluster_test.py --binary "$bin" --scan "$work/scan.zip" \
  --database "postgres://postgres@127.0.0.1:$pgport/postgres"

echo "== server: the same on SQLite (one process, killed and restarted)"
timeout 900 python3 Server/scripts/cluster_test.py --binary "$bin" --scan "$work/scan.zip"

echo "== server: OpenAPI document (openapi-spec-validator, schemathesis)"
timeout 600 bash Server/scripts/openapi_check.sh "$bin" "$work/scan.zip"

if [ "${FATHOM_SERVER_LOAD:-0}" = 1 ]; then
  echo "== server: load figures (release)"
  timeout 1800 swift build -c release --package-path Server --product fathom-server
  rbin="$(swift build -c release --package-path Server --show-bin-path)/fathom-server"
  python3 Server/scripts/load_test.py --binary "$rbin" --scan "$work/scan.zip"
  python3 Server/scripts/load_localize.py --binary "$rbin"
fi
rm -rf "$work"
echo "server step passed"
