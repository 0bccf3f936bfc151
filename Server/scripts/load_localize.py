#!/usr/bin/env python3
"""Localize latency on loopback: one fathom-server (release build), the simulated room's world map stored
through the API, then a walk around the room from another origin (its points) posted to /v1/maps/{id}/localize again and
again, one request at a time; prints the median, p90 and max per request and checks the answer against the
simulator's truth. Target: median <= 200 ms.

Usage: load_localize.py --binary Server/.build/release/fathom-server [--requests 40] [--seconds 10] [--database URL]
"""
import argparse, json, math, os, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serverlib import SingleServer, call, percentile


def translation_error(a, b):
    return math.sqrt(sum((a[12 + i] - b[12 + i]) ** 2 for i in range(3)))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--binary", required=True)
    p.add_argument("--requests", type=int, default=40)
    p.add_argument("--seconds", type=float, default=10, help="length of the simulated second session")
    p.add_argument("--session", default="localize-walk.json",
                   help="localize-walk.json (a walk around the room) or localize.json (a short second session)")
    p.add_argument("--database")
    a = p.parse_args()
    with SingleServer(a.binary, a.database, prefix="fathom-load-localize-") as (server, key, data):
        sessions = os.path.join(data, "sessions")
        subprocess.run([a.binary, "sample-sessions", "-o", sessions, "--seconds", str(a.seconds)], check=True)
        with open(os.path.join(sessions, "map.json"), "rb") as f:
            status, body = call(server.port, "POST", "/v1/maps", key, f.read())
        assert status == 201, body
        map_id = json.loads(body)["id"]
        with open(os.path.join(sessions, a.session), "rb") as f:
            request = f.read()
        with open(os.path.join(sessions, "truth.json")) as f:
            truth = json.load(f)["mapFromSession"]
        points = len(json.loads(request)["points"])
        times, answer = [], None
        for i in range(a.requests + 3):
            start = time.perf_counter()
            status, body = call(server.port, "POST", f"/v1/maps/{map_id}/localize", key, request)
            elapsed = (time.perf_counter() - start) * 1000
            assert status == 200, body
            answer = json.loads(body)
            if i >= 3:  # the first requests read and prepare the map
                times.append(elapsed)
    error = translation_error(answer["mapFromSession"], truth) if answer.get("mapFromSession") else float("nan")
    result = {
        "points": points, "requests": len(times), "median_ms": round(statistics.median(times), 1),
        "p90_ms": round(percentile(times, 0.9), 1), "max_ms": round(max(times), 1), "trusted": answer["trusted"],
        "translation_error_m": round(error, 4), "store": "postgres" if a.database else "sqlite",
    }
    print(f"localize: {points} points, {len(times)} requests one at a time: median {result['median_ms']} ms, "
          f"p90 {result['p90_ms']} ms, max {result['max_ms']} ms; trusted {answer['trusted']}, "
          f"translation error {error * 1000:.1f} mm")
    print(json.dumps(result))
    if not answer["trusted"] or result["median_ms"] > 200:
        print("localize load: FAILED (untrusted, or median above 200 ms)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
