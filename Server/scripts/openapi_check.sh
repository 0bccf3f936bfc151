#!/usr/bin/env bash
# Checks the OpenAPI document: openapi-spec-validator (static) and a bounded schemathesis run against
# a running server (no 5xx allowed). Each step is skipped, with a note, when its tool is absent.
# Usage: openapi_check.sh BINARY SCAN_ZIP
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="$1"; scan="$2"
spec="$here/../Sources/FathomServer/Resources/openapi.json"
if python3 -c "import openapi_spec_validator" 2>/dev/null; then
  python3 -c "import json,sys; from openapi_spec_validator import validate; validate(json.load(open(sys.argv[1]))); print('openapi-spec-validator: valid')" "$spec"
else
  echo "openapi-spec-validator not installed: static check skipped"
fi
if ! command -v schemathesis >/dev/null 2>&1; then
  echo "schemathesis not installed: property-based run skipped"; exit 0
fi
data="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
key="$("$binary" account create --data "$data" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["apiKey"])')"
"$binary" serve --host 127.0.0.1 --port "$port" --data "$data" --log-level warning --max-upload-mb 8 >"$data/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
# Real ids for the path parameters too: one scan and one job.
scan_id="$(curl -sf -H "Authorization: Bearer $key" --data-binary "@$scan" "http://127.0.0.1:$port/v1/scans" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
echo "uploaded $scan_id"
(cd "$data" && schemathesis run "http://127.0.0.1:$port/openapi.json" -H "Authorization: Bearer $key" --workers 1 \
  --checks not_a_server_error --max-examples "${SCHEMATHESIS_EXAMPLES:-25}" --max-response-time 5 \
  --seed 1 --no-color > "$data/schemathesis.log" 2>&1) || { cat "$data/schemathesis.log"; exit 1; }
grep -E "generated|passed|failed|Errors|Runtime|5xx" "$data/schemathesis.log" || true
echo "schemathesis: no 5xx"
