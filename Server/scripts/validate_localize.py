#!/usr/bin/env python3
"""The shared-anchor API on the independent relocalization validation cases (sparse raw ARKit-style
feature maps, see shared/data/validation/README.md): every case's map cloud is uploaded as a world map
(POST /v1/maps), its new session's points posted to /v1/maps/{id}/localize, and the answer compared with
the truth. Same-room success: trusted, translation error at the session's origin <= 3 cm and rotation
error <= 1 degree; a wrong-room case must not be trusted. Also the latency per request (loopback).

Usage: validate_localize.py --binary Server/.build/release/fathom-server CASES_DIR [--database URL]
"""
import argparse, glob, json, math, os, statistics, struct, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serverlib import SingleServer, call, percentile


def read_ply(path):
    """x y z float32 of a binary little-endian PLY."""
    with open(path, "rb") as f:
        data = f.read()
    end = data.index(b"end_header\n") + len(b"end_header\n")
    header = data[:end].decode("ascii").splitlines()
    count = next(int(l.split()[2]) for l in header if l.startswith("element vertex"))
    props = [l for l in header if l.startswith("property")]
    if len(props) != 3 or "binary_little_endian" not in data[:end].decode("ascii"):
        raise SystemExit(f"{path}: expected binary little-endian x y z float32")
    values = struct.unpack_from(f"<{3 * count}f", data, end)
    return [values[3 * i:3 * i + 3] for i in range(count)]


def world_map(points):
    xs, ys, zs = zip(*points)
    return json.dumps({
        "format": "fathom-worldmap", "formatVersion": 2, "createdAt": 0,
        "extentMin": [min(xs), min(ys), min(zs)], "extentMax": [max(xs), max(ys), max(zs)],
        "positions": [c for p in points for c in p], "anchors": [],
    }).encode()


def errors(estimate, truth):
    """Translation error at the source origin (metres) and rotation error (degrees), column-major 4x4."""
    t = math.dist(estimate[12:15], truth[12:15])
    # trace of R_est^T R_true
    trace = sum(estimate[4 * c + r] * truth[4 * c + r] for c in range(3) for r in range(3))
    angle = math.degrees(math.acos(max(-1.0, min(1.0, (trace - 1) / 2))))
    return t, angle


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--binary", required=True)
    p.add_argument("cases")
    p.add_argument("--database")
    a = p.parse_args()
    if not os.path.isdir(a.cases):
        print(f"{a.cases} not found: skipped")
        return 0
    rows = []
    with SingleServer(a.binary, a.database, prefix="fathom-validate-localize-") as (server, key, _):
        maps = {}
        for truth_path in sorted(glob.glob(os.path.join(a.cases, "truth", "*.json"))):
            case = json.load(open(truth_path))
            target = os.path.join(a.cases, case["target"])
            if target not in maps:
                status, body = call(server.port, "POST", "/v1/maps", key, world_map(read_ply(target)))
                assert status == 201, body
                maps[target] = json.loads(body)["id"]
            source = read_ply(os.path.join(a.cases, case["source"]))
            request = json.dumps({"points": [list(q) for q in source], "seed": 0}).encode()
            start = time.perf_counter()
            status, body = call(server.port, "POST", f"/v1/maps/{maps[target]}/localize", key, request)
            elapsed = (time.perf_counter() - start) * 1000
            assert status == 200, body
            answer = json.loads(body)
            row = {"kind": case["kind"], "points": len(source), "trusted": answer["trusted"], "ms": elapsed}
            if case["kind"] == "same-room" and answer.get("mapFromSession"):
                row["t_err_m"], row["r_err_deg"] = errors(answer["mapFromSession"], case["targetFromSource"])
            row["correct"] = row.get("t_err_m", 1) <= 0.03 and row.get("r_err_deg", 180) <= 1
            rows.append(row)
    summary = summarize(rows)
    print(f"validation through the API: {summary['correct_and_trusted']}/{summary['same_room']} correct and trusted, "
          f"{summary['trusted_but_wrong']} trusted but wrong, {summary['wrong_room_trusted']}/{summary['wrong_room']} wrong "
          f"rooms trusted; localize median {summary['median_ms']} ms, p90 {summary['p90_ms']} ms "
          f"(median {summary['median_points']} points)")
    print(json.dumps(summary))
    return 0


def summarize(rows):
    """Counts by kind and verdict, latency of the same-room requests (the map already prepared)."""
    same = [r for r in rows if r["kind"] == "same-room"]
    times = [r["ms"] for r in same]
    errors_mm = [1000 * r["t_err_m"] for r in same if r["trusted"] and "t_err_m" in r]
    return {
        "same_room": len(same), "correct": sum(r["correct"] for r in same),
        "correct_and_trusted": sum(r["correct"] and r["trusted"] for r in same),
        "trusted_but_wrong": sum(r["trusted"] and not r["correct"] for r in same),
        "wrong_room": len(rows) - len(same), "wrong_room_trusted": sum(r["trusted"] for r in rows if r["kind"] != "same-room"),
        "median_ms": round(statistics.median(times), 1), "p90_ms": round(percentile(times, 0.9), 1),
        "median_points": statistics.median(r["points"] for r in same),
        "median_t_err_mm_trusted": round(statistics.median(errors_mm), 1) if errors_mm else None,
    }


if __name__ == "__main__":
    sys.exit(main())
