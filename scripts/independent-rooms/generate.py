#!/usr/bin/env python3
"""Independent room-scan generator (issue #14): seeded homes scanned by a simulated iPhone LiDAR,
written as Stray Scanner captures (the format `fathom import` reads from real devices) with a truth
JSON per case. Python 3 + numpy; exits 0 with a message when numpy is missing.

    python3 scripts/independent-rooms/generate.py --out DIR [--quick] [--cases NAME,...]

See docs/independent-rooms.md.
"""

import argparse
import json
import math
import os
import struct
import sys
import time
import zlib

try:
    import numpy as np
except ImportError:  # pragma: no cover
    print("independent-rooms: numpy is not installed; skipping (pip install numpy)")
    sys.exit(0)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rooms  # noqa: E402
import sensor  # noqa: E402

# The held-out set: kind and seed. "empty" rooms hold at most a low sideboard; "furnished" ones are a
# bedroom, a living room and a kitchen; "drifting" are furnished homes walked with drifting poses.
CASES = [("empty", 1001), ("empty", 1002), ("empty", 1003), ("empty", 1004),
         ("furnished", 2001), ("furnished", 2002), ("furnished", 2003), ("furnished", 2004),
         ("drifting", 3001), ("drifting", 3002), ("drifting", 3003), ("drifting", 3004)]
QUICK = [("empty", 1001), ("drifting", 3001)]

POSE_RATE = 12.0  # odometry rows per second
DEPTH_EVERY = 3  # a depth map every third row (4 Hz)


def case_name(kind, seed):
    return f"{kind}-{seed}"


def write_png(path, image, bits):
    """A grayscale PNG (8 or 16 bits) with the standard library's zlib."""
    h, w = image.shape
    if bits == 16:
        raw = image.astype(">u2").tobytes()
        row = w * 2
    else:
        raw = image.astype(np.uint8).tobytes()
        row = w
    data = b"".join(b"\x00" + raw[y * row:(y + 1) * row] for y in range(h))

    def chunk(tag, body):
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, bits, 0, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(data, 6)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def quaternion(R):
    """(qx, qy, qz, qw) of a rotation matrix."""
    m = R
    tr = m[0, 0] + m[1, 1] + m[2, 2]
    if tr > 0:
        s = math.sqrt(tr + 1.0) * 2
        return ((m[2, 1] - m[1, 2]) / s, (m[0, 2] - m[2, 0]) / s, (m[1, 0] - m[0, 1]) / s, 0.25 * s)
    if m[0, 0] > m[1, 1] and m[0, 0] > m[2, 2]:
        s = math.sqrt(1.0 + m[0, 0] - m[1, 1] - m[2, 2]) * 2
        return (0.25 * s, (m[0, 1] + m[1, 0]) / s, (m[0, 2] + m[2, 0]) / s, (m[2, 1] - m[1, 2]) / s)
    if m[1, 1] > m[2, 2]:
        s = math.sqrt(1.0 + m[1, 1] - m[0, 0] - m[2, 2]) * 2
        return ((m[0, 1] + m[1, 0]) / s, 0.25 * s, (m[1, 2] + m[2, 1]) / s, (m[0, 2] - m[2, 0]) / s)
    s = math.sqrt(1.0 + m[2, 2] - m[0, 0] - m[1, 1]) * 2
    return ((m[0, 2] + m[2, 0]) / s, (m[1, 2] + m[2, 1]) / s, 0.25 * s, (m[1, 0] - m[0, 1]) / s)


class WorldFrame:
    """ARKit's world frame of the recording: origin at the first camera, +y up, the first camera's
    horizontal view direction along −z. Maps layout points to world points."""

    def __init__(self, c0, forward):
        phi = math.atan2(forward[2], forward[0])
        a = phi + math.pi / 2
        c, s = math.cos(a), math.sin(a)
        self.R = np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])
        self.c0 = np.asarray(c0, float)

    def point(self, p):
        return self.R @ (np.asarray(p, float) - self.c0)

    def plan(self, xz):
        p = self.point((xz[0], 0.0, xz[1]))
        return [round(float(p[0]), 5), round(float(p[2]), 5)]


def true_walls(lay):
    """Walls in the plan format's convention: where two rooms' faces stand back to back (antiparallel,
    at most the wall thickness + 1 cm apart) the shared stretch is one wall on the centre line with its
    thickness; the rest of every face is a face wall (seen from one side: its line is the room's face).
    Pieces shorter than 25 cm are dropped. Layout coordinates."""
    faces = []
    for ri, room in enumerate(lay.rooms):
        poly = room["polygon"]
        sign = rooms.signed_area(poly)
        for i in range(len(poly)):
            p0, p1 = np.array(poly[i], float), np.array(poly[(i + 1) % len(poly)], float)
            faces.append({"room": ri, "edge": i, "p0": p0, "p1": p1, "t": room["thickness"][i],
                          "inn": rooms.inward_normal(p0, p1, sign)})
    walls = []
    covered = {id(f): [] for f in faces}
    for a in range(len(faces)):
        for b in range(a + 1, len(faces)):
            fa, fb = faces[a], faces[b]
            if fa["room"] == fb["room"]:
                continue
            da = (fa["p1"] - fa["p0"]) / np.linalg.norm(fa["p1"] - fa["p0"])
            db = (fb["p1"] - fb["p0"]) / np.linalg.norm(fb["p1"] - fb["p0"])
            if float(da @ db) > -0.999:
                continue
            gap = float((fb["p0"] - fa["p0"]) @ (-fa["inn"]))
            if not (0 < gap <= fa["t"] + 0.01):
                continue
            la = float(np.linalg.norm(fa["p1"] - fa["p0"]))
            s0, s1 = sorted([float((fb["p0"] - fa["p0"]) @ da), float((fb["p1"] - fa["p0"]) @ da)])
            lo, hi = max(0.0, s0), min(la, s1)
            if hi - lo < 0.25:
                continue
            c0 = fa["p0"] + da * lo - fa["inn"] * gap / 2
            c1 = fa["p0"] + da * hi - fa["inn"] * gap / 2
            walls.append({"start": c0, "end": c1, "thickness": gap, "faceOnly": False, "rooms": [fa["room"], fb["room"]]})
            covered[id(fa)].append((lo, hi))
            lb = float(np.linalg.norm(fb["p1"] - fb["p0"]))
            t0, t1 = sorted([float((fa["p0"] + da * lo - fb["p0"]) @ db), float((fa["p0"] + da * hi - fb["p0"]) @ db)])
            covered[id(fb)].append((max(0.0, t0), min(lb, t1)))
    for f in faces:
        L = float(np.linalg.norm(f["p1"] - f["p0"]))
        d = (f["p1"] - f["p0"]) / L
        a = 0.0
        for (lo, hi) in sorted(covered[id(f)]) + [(L, L)]:
            if lo - a >= 0.25:
                walls.append({"start": f["p0"] + d * a, "end": f["p0"] + d * lo, "thickness": f["t"], "faceOnly": True,
                              "rooms": [f["room"]], "inward": f["inn"]})
            a = max(a, hi)
    return walls


def _layout_and_walk(kind, seed):
    rng = np.random.default_rng(seed)
    lay = rooms.build_layout(rng, "empty" if kind == "empty" else "furnished")
    K = sensor.intrinsics(rng)
    t, xyz, axes = sensor.walk(lay, rng, POSE_RATE)
    return rng, lay, K, t, xyz, axes


def true_poses(kind, seed):
    """The true camera of every odometry row in the recording's world frame: (frame, position (3),
    view direction (3)). Replays the seeded layout and walk (no depth), so it matches a generated case."""
    _, _, _, t, xyz, axes = _layout_and_walk(kind, seed)
    world = WorldFrame(xyz[0], axes[0][:, 2])
    return [(i, world.point(xyz[i]), world.R @ axes[i][:, 2]) for i in range(len(t))]


def truth_plan(truth):
    """The truth as a fathom-floorplan v1 document (docs/floorplan-v1.md), for FloorPlanComparison:
    face walls with thickness null, each opening on the wall holding its middle, projected onto that
    wall's line, the furniture as objects (RoomPlan categories)."""
    walls = [{"id": f"w{k + 1}", "start": w["start"], "end": w["end"], "height": truth["ceilingHeight"],
              "thickness": None if w["faceOnly"] else w["thickness"]} for k, w in enumerate(truth["walls"])]
    openings = []
    for k, o in enumerate(truth["openings"]):
        a, b = np.array(o["start"]), np.array(o["end"])
        mid = (a + b) / 2
        best = None
        for w in walls:
            s, e = np.array(w["start"]), np.array(w["end"])
            L = float(np.linalg.norm(e - s))
            u = (e - s) / L
            if abs(float(u @ (b - a))) / float(np.linalg.norm(b - a)) < 0.99:
                continue
            along = float((mid - s) @ u)
            off = abs(float((mid - s) @ np.array([-u[1], u[0]])))
            if -0.01 <= along <= L + 0.01 and (best is None or off < best[0]):
                best = (off, w, s, u)
        if best is None:
            continue
        _, w, s, u = best
        pa, pb = s + u * float((a - s) @ u), s + u * float((b - s) @ u)
        openings.append({"id": f"o{k + 1}", "wallId": w["id"], "kind": o["kind"],
                         "start": [round(float(v), 5) for v in pa], "end": [round(float(v), 5) for v in pb],
                         "bottom": o["bottom"], "top": o["top"]})
    room_list = []
    for r in truth["rooms"]:
        poly = r["polygon"]
        per = sum(float(np.linalg.norm(np.subtract(poly[(i + 1) % len(poly)], poly[i]))) for i in range(len(poly)))
        room_list.append({"id": r["id"], "label": None, "polygon": poly, "area": r["area"], "perimeter": round(per, 4)})
    objects = [{"id": f"f{k + 1}", "category": f["category"], "corners": f["corners"], "bottom": f["bottom"],
                "top": f["top"], "confidence": 1} for k, f in enumerate(truth["furniture"])]
    return {"format": "fathom-floorplan", "formatVersion": 1, "units": "m", "floorY": truth["floorY"],
            "ceilingHeight": truth["ceilingHeight"], "walls": walls, "openings": openings, "rooms": room_list,
            "objects": objects}


def build_case(kind, seed, out_dir, noise="full", size=(sensor.WIDTH, sensor.HEIGHT), depth_every=DEPTH_EVERY):
    rng, lay, K, t, xyz, axes = _layout_and_walk(kind, seed)
    drift_info = None
    rec_xyz, rec_axes = xyz, axes
    if kind == "drifting":
        rec_xyz, rec_axes, yaw_deg, shift_m = sensor.drift(t, xyz, axes, rng)
        drift_info = {"finalYawDegrees": round(yaw_deg, 3), "finalShiftMetres": round(shift_m, 4)}
    world = WorldFrame(xyz[0], axes[0][:, 2])
    scene = sensor.Scene(lay)
    dev = sensor.DepthSensor(K, rng, noise, size)
    folder = os.path.join(out_dir, "stray")
    os.makedirs(os.path.join(folder, "depth"), exist_ok=True)
    os.makedirs(os.path.join(folder, "confidence"), exist_ok=True)
    with open(os.path.join(folder, "camera_matrix.csv"), "w") as f:
        for row in K:
            f.write(",".join(f"{v:.6f}" for v in row) + "\n")
    rows = ["timestamp, frame, x, y, z, qx, qy, qz, qw"]
    depth_frames = 0
    for i in range(len(t)):
        Rw = world.R @ rec_axes[i]
        p = world.point(rec_xyz[i])
        q = quaternion(Rw)
        rows.append(f"{t[i]:.6f}, {i:06d}, {p[0]:.6f}, {p[1]:.6f}, {p[2]:.6f}, {q[0]:.7f}, {q[1]:.7f}, {q[2]:.7f}, {q[3]:.7f}")
        if i % depth_every == 0:
            depth, conf = dev.capture(scene, xyz[i], axes[i])  # the sensor sees from the true pose
            mm = np.clip(np.round(depth * 1000), 0, 65535).astype(np.uint16)
            write_png(os.path.join(folder, "depth", f"{i:06d}.png"), mm, 16)
            write_png(os.path.join(folder, "confidence", f"{i:06d}.png"), conf, 8)
            depth_frames += 1
    with open(os.path.join(folder, "odometry.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    # Truth, in the recording's world frame.
    floor_y = float(world.point((0, 0, 0))[1])
    walls = []
    for k, w in enumerate(true_walls(lay)):
        walls.append({"id": f"t{k + 1}", "start": world.plan(w["start"]), "end": world.plan(w["end"]),
                      "thickness": round(w["thickness"], 4), "faceOnly": w["faceOnly"], "rooms": [f"r{r + 1}" for r in w["rooms"]],
                      "length": round(float(np.linalg.norm(np.subtract(w["end"], w["start"]))), 4)})
    openings = []
    for k, o in enumerate(lay.openings):
        c = np.array(o["centre"])
        d = np.array(o["dir"])
        openings.append({"id": f"to{k + 1}", "kind": o["kind"], "start": world.plan(c - d * o["width"] / 2),
                         "end": world.plan(c + d * o["width"] / 2), "width": round(o["width"], 4),
                         "bottom": round(o["bottom"], 4), "top": round(o["top"], 4), "wallThickness": round(o["through"], 4),
                         "rooms": sorted({f"r{e[0] + 1}" for e in o.get("edges", [])})})
    room_list = []
    for k, r in enumerate(lay.rooms):
        poly = [world.plan(p) for p in r["polygon"]]
        room_list.append({"id": f"r{k + 1}", "label": r["label"], "type": r["type"], "shape": r["variant"],
                          "polygon": rooms.ccw(poly), "area": round(abs(rooms.signed_area(poly)), 4)})
    furniture = []
    for k, fpc in enumerate(lay.furniture):
        furniture.append({"id": f"tf{k + 1}", "kind": fpc["kind"], "category": fpc["category"],
                          "corners": rooms.ccw([world.plan(p) for p in fpc["corners"]]),
                          "bottom": round(fpc["bottom"], 4), "top": round(fpc["top"], 4), "mounted": fpc["mounted"],
                          "room": f"r{fpc['room'] + 1}"})
    extra = []
    for s in lay.solids:
        if s.tag == "hall":
            fp = s.footprint()
            extra.append([world.plan(p) for p in fp])
    trajectory = [[round(float(world.point(p)[0]), 3), round(float(world.point(p)[2]), 3)] for p in xyz[:: DEPTH_EVERY * 3]]
    truth = {"format": "fathom-independent-rooms-truth", "version": 1, "case": case_name(kind, seed), "kind": kind,
             "seed": seed, "noise": noise, "units": "m", "floorY": round(floor_y, 5), "ceilingHeight": round(lay.ceiling, 4),
             "walls": walls, "openings": openings, "rooms": room_list, "furniture": furniture,
             "otherSolids": extra, "trajectory": trajectory, "drift": drift_info,
             "walk": {"seconds": round(float(t[-1]), 2), "poseRows": len(t), "depthFrames": depth_frames,
                      "lengthMetres": round(float(np.linalg.norm(np.diff(xyz[:, [0, 2]], axis=0), axis=1).sum()), 2)}}
    with open(os.path.join(out_dir, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1)
    with open(os.path.join(out_dir, "truth-plan.json"), "w") as f:
        json.dump(truth_plan(truth), f, indent=1)
    return truth


def write_truth_plans(out):
    """truth-plan.json beside every truth.json under out (for cases generated before it existed)."""
    for name in sorted(os.listdir(out)):
        path = os.path.join(out, name, "truth.json")
        if os.path.exists(path):
            with open(os.path.join(out, name, "truth-plan.json"), "w") as f:
                json.dump(truth_plan(json.load(open(path))), f, indent=1)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="output folder (one sub-folder per case)")
    ap.add_argument("--quick", action="store_true", help="only the two quick cases")
    ap.add_argument("--cases", help="comma-separated case names (e.g. empty-1001,drifting-3002)")
    ap.add_argument("--depth-size", default=f"{sensor.WIDTH}x{sensor.HEIGHT}", help="depth map size WxH (default 256x192)")
    ap.add_argument("--depth-every", type=int, default=DEPTH_EVERY, help="a depth map every K-th pose row (default 3: 4 Hz)")
    ap.add_argument("--noise", choices=["full", "white", "none"], default="full",
                    help="depth noise: the full model (default); diagnostics: white = no smooth per-frame field, none = exact")
    args = ap.parse_args(argv)
    cases = QUICK if args.quick else CASES
    if args.cases:
        wanted = args.cases.split(",")
        known = {case_name(k, s): (k, s) for k, s in CASES + QUICK}
        bad = [w for w in wanted if w not in known and not w.split("-")[-1].isdigit()]
        if bad:
            ap.error(f"--cases: unknown case {bad[0]!r} (kinds: empty, furnished, drifting; e.g. empty-1001)")
        cases = [known.get(w) or (w.rsplit("-", 1)[0], int(w.rsplit("-", 1)[1])) for w in wanted]
        for k, _ in cases:
            if k not in ("empty", "furnished", "drifting"):
                ap.error(f"--cases: unknown kind {k!r} (empty, furnished, drifting)")
    try:
        size = tuple(int(v) for v in args.depth_size.lower().split("x"))
        assert len(size) == 2 and 16 <= size[0] <= 1024 and 12 <= size[1] <= 768
    except (ValueError, AssertionError):
        ap.error(f"--depth-size: expected WxH such as 256x192, got {args.depth_size!r}")
    if args.depth_every < 1:
        ap.error("--depth-every: must be at least 1")
    os.makedirs(args.out, exist_ok=True)
    for kind, seed in cases:
        name = case_name(kind, seed)
        start = time.time()
        try:
            truth = build_case(kind, seed, os.path.join(args.out, name), args.noise, size, args.depth_every)
        except ValueError as error:  # a layout the walk cannot pass through
            print(f"{name}: not generated: {error}", file=sys.stderr)
            sys.exit(1)
        w = truth["walk"]
        print(f"{name}: {len(truth['rooms'])} rooms, {len(truth['walls'])} walls, {len(truth['openings'])} openings, "
              f"{len(truth['furniture'])} pieces; walk {w['seconds']:.0f} s, {w['lengthMetres']:.1f} m, "
              f"{w['depthFrames']} depth frames; {time.time() - start:.1f} s", flush=True)


if __name__ == "__main__":
    main()
