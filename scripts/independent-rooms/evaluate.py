#!/usr/bin/env python3
"""Evaluate `fathom plan` on the independent room scans (issue #14).

    python3 scripts/independent-rooms/evaluate.py --work DIR [--quick] [--cases a,b] [--fathom PATH]

Generates the cases into DIR/cases (unless already there), imports each Stray Scanner capture with
`fathom import`, runs `fathom plan`, and scores plan.json against the truth: rooms closed (IoU, area),
wall position and length, walls missed, spurious walls (a plan wall on no true wall), doors and windows,
furniture boxes (centre ≤ 5 cm, footprint IoU ≥ 0.7, top ≤ 5 cm), walls drawn twice. Writes
DIR/results.json, DIR/results.md and DIR/<case>/overlay.svg (truth and plan side by side, one drawing).
Needs numpy (exits 0 with a message without it); uses shapely for polygon IoU when installed, else a
1 cm raster. See docs/independent-rooms.md.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time

try:
    import numpy as np
except ImportError:  # pragma: no cover
    print("independent-rooms: numpy is not installed; skipping (pip install numpy)")
    sys.exit(0)
try:
    from shapely.geometry import Polygon as _ShapelyPolygon
except ImportError:  # pragma: no cover
    _ShapelyPolygon = None

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import generate  # noqa: E402

# The issue's targets.
ROOM_IOU = 0.98
ROOM_AREA = 0.01
WALL_POSITION = 0.02
WALL_LENGTH = 0.02
OPENINGS_FOUND = 0.95
OBJECT_CENTRE = 0.05
OBJECT_IOU = 0.7
OBJECT_TOP = 0.05
OBJECTS_WITHIN = 0.90
# Matching (as FloorPlanComparison describes it in docs/floorplans.md).
MATCH_ANGLE = 10.0  # degrees
MATCH_DISTANCE = 0.25  # m, mean distance of the true segment's ends to the plan line
MATCH_COVER = 0.5  # a plan wall must cover this share of the true wall
SPURIOUS_DISTANCE = MATCH_DISTANCE  # m: a plan wall farther than this from every true face is on no wall


# ---------------------------------------------------------------- geometry
def _v(p):
    return np.asarray(p, dtype=float)


def poly_area(poly):
    return abs(generate.rooms.signed_area(poly))


def poly_centroid(poly):
    p = np.array(poly, float)
    x, z = p[:, 0], p[:, 1]
    x1, z1 = np.roll(x, -1), np.roll(z, -1)
    cr = x * z1 - x1 * z
    a = cr.sum() / 2
    if abs(a) < 1e-12:
        return p.mean(axis=0)
    return np.array([((x + x1) * cr).sum() / (6 * a), ((z + z1) * cr).sum() / (6 * a)])


def _inside(x, z, poly):
    inside = np.zeros(np.shape(x), dtype=bool)
    for i in range(len(poly)):
        x0, z0 = poly[i]
        x1, z1 = poly[(i + 1) % len(poly)]
        cond = (z0 > z) != (z1 > z)
        with np.errstate(divide="ignore", invalid="ignore"):
            xi = x0 + (z - z0) * (x1 - x0) / (z1 - z0)
        inside ^= cond & (x < xi)
    return inside


def iou(a, b):
    """Polygon intersection over union (shapely when installed, else on a 1 cm raster)."""
    if _ShapelyPolygon is not None:
        pa, pb = _ShapelyPolygon(a).buffer(0), _ShapelyPolygon(b).buffer(0)
        u = pa.union(pb).area
        return pa.intersection(pb).area / u if u > 0 else 0.0
    pts = np.array(list(a) + list(b), float)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    xs = np.arange(lo[0], hi[0], 0.01) + 0.005
    zs = np.arange(lo[1], hi[1], 0.01) + 0.005
    X, Z = np.meshgrid(xs, zs)
    ia, ib = _inside(X, Z, a), _inside(X, Z, b)
    u = (ia | ib).sum()
    return float((ia & ib).sum() / u) if u else 0.0


def line_distance(p, a, b):
    """Distance of point p to the infinite line through a, b."""
    d = _v(b) - _v(a)
    L = np.linalg.norm(d)
    w = _v(p) - _v(a)
    return abs(d[0] * w[1] - d[1] * w[0]) / L


def angle_between(a0, a1, b0, b1):
    da = _v(a1) - _v(a0)
    db = _v(b1) - _v(b0)
    c = abs(float(da @ db)) / (np.linalg.norm(da) * np.linalg.norm(db))
    return math.degrees(math.acos(min(1.0, c)))


def overlap_length(a0, a1, b0, b1):
    """Length of b's projection onto segment a that lies within a."""
    d = _v(a1) - _v(a0)
    L = np.linalg.norm(d)
    u = d / L
    s0, s1 = sorted([float((_v(b0) - _v(a0)) @ u), float((_v(b1) - _v(a0)) @ u)])
    return max(0.0, min(L, s1) - max(0.0, s0))


def offset_lines(start, end, thickness):
    """The wall's lines: its own line, and with a thickness its two faces."""
    s, e = _v(start), _v(end)
    out = [("line", s, e)]
    if thickness:
        d = (e - s) / np.linalg.norm(e - s)
        n = np.array([-d[1], d[0]])
        out += [("face", s + n * thickness / 2, e + n * thickness / 2), ("face", s - n * thickness / 2, e - n * thickness / 2)]
    return out


# ---------------------------------------------------------------- scoring
def compare_pair(tw, pw):
    """Position error of true wall tw against plan wall pw in the format's convention (a centre line
    with a thickness, a face line without), comparing a face with the nearer face of the other."""
    t_thick = None if tw["faceOnly"] else tw["thickness"]
    p_thick = pw.get("thickness")
    if (t_thick is None) == (p_thick is None):
        pairs = [((tw["start"], tw["end"]), (pw["start"], pw["end"]))]
    elif t_thick is not None:  # plan saw one face of a wall the truth has two faces of
        pairs = [((a, b), (pw["start"], pw["end"])) for kind, a, b in offset_lines(tw["start"], tw["end"], t_thick) if kind == "face"]
    else:  # plan paired two faces where the truth has one room's face
        pairs = [((tw["start"], tw["end"]), (a, b)) for kind, a, b in offset_lines(pw["start"], pw["end"], p_thick) if kind == "face"]
    best = None
    for (ta, tb), (pa, pb) in pairs:
        dist = (line_distance(ta, pa, pb) + line_distance(tb, pa, pb)) / 2
        if best is None or dist < best:
            best = dist
    return best


def score_walls(truth, plan):
    tws = truth["walls"]
    pws = [w for w in plan["walls"] if np.linalg.norm(_v(w["end"]) - _v(w["start"])) > 1e-6]
    results = []
    for tw in tws:
        tl = tw["length"]
        best = None
        for pw in pws:
            if angle_between(tw["start"], tw["end"], pw["start"], pw["end"]) > MATCH_ANGLE:
                continue
            if overlap_length(tw["start"], tw["end"], pw["start"], pw["end"]) < MATCH_COVER * tl:
                continue
            dist = compare_pair(tw, pw)
            if dist <= MATCH_DISTANCE and (best is None or dist < best[0]):
                best = (dist, pw)
        if best is None:
            results.append({"id": tw["id"], "found": False, "length": tl})
            continue
        dist, pw = best
        pl = float(np.linalg.norm(_v(pw["end"]) - _v(pw["start"])))
        results.append({"id": tw["id"], "found": True, "planWall": pw["id"], "positionError": round(dist, 4),
                        "lengthError": round(abs(pl - tl) / tl, 4), "length": tl, "planLength": round(pl, 4)})
    # Spurious: a plan wall none of whose lines runs along a true face (room faces, centre lines and
    # both faces of every true wall, the outer faces, the hall's wall) over half its length.
    faces = []
    for tw in tws:
        if not tw["faceOnly"]:  # a paired wall: its centre line and both faces
            faces += [(a, b) for _, a, b in offset_lines(tw["start"], tw["end"], tw["thickness"])]
            continue
        # A face wall: the room's face and the wall's other face, a thickness away from the room.
        s, e = _v(tw["start"]), _v(tw["end"])
        u = (e - s) / np.linalg.norm(e - s)
        n = np.array([-u[1], u[0]])
        mid = (s + e) / 2
        probe = mid + n * 0.05
        inside = any(_inside(np.array([probe[0]]), np.array([probe[1]]), r["polygon"])[0] for r in truth["rooms"])
        out = -n if inside else n
        faces += [(s, e), (s + out * tw["thickness"], e + out * tw["thickness"])]
    for fp in truth.get("otherSolids", []):
        faces += [(fp[i], fp[(i + 1) % len(fp)]) for i in range(len(fp))]
    spurious = []
    for pw in pws:
        # On a wall when the true faces along one of its lines (within 10°, 10 cm) cover half its
        # length together (a wall drawn straight across a chimney breast lies on the faces beside it).
        pl = float(np.linalg.norm(_v(pw["end"]) - _v(pw["start"])))
        on_wall = False
        for _, a, b in offset_lines(pw["start"], pw["end"], pw.get("thickness")):
            cover = 0.0
            for fa, fb in faces:
                if angle_between(a, b, fa, fb) > MATCH_ANGLE:
                    continue
                if (line_distance(fa, a, b) + line_distance(fb, a, b)) / 2 > SPURIOUS_DISTANCE:
                    continue
                cover += overlap_length(a, b, fa, fb)
            if cover >= 0.5 * pl:
                on_wall = True
                break
        if not on_wall:
            spurious.append({"id": pw["id"], "length": round(pl, 3), "start": pw["start"], "end": pw["end"],
                             "cause": spurious_cause(pw, truth)})
    return results, spurious


def spurious_cause(pw, truth):
    """What a spurious wall lies along: a furniture piece's side, else the nearest true wall."""
    a, b = _v(pw["start"]), _v(pw["end"])
    mid = (a + b) / 2
    for f in truth["furniture"]:
        c = f["corners"]
        for i in range(4):
            fa, fb = c[i], c[(i + 1) % 4]
            if angle_between(a, b, fa, fb) <= MATCH_ANGLE and (line_distance(a, fa, fb) + line_distance(b, fa, fb)) / 2 <= 0.10 \
                    and overlap_length(a, b, fa, fb) > 0.2 * np.linalg.norm(b - a):
                return f"along the {f['kind']} {f['id']} (top {f['top']:.2f} m)"
    best = None
    for tw in truth["walls"]:
        if angle_between(a, b, tw["start"], tw["end"]) <= MATCH_ANGLE:
            d = line_distance(mid, tw["start"], tw["end"])
            if best is None or d < best[0]:
                best = (d, tw["id"])
    if best:
        return f"parallel to true wall {best[1]}, {best[0] * 100:.0f} cm from its line"
    return "no parallel true wall"


def score_rooms(truth, plan):
    out = []
    used = set()
    for tr in truth["rooms"]:
        best = (0.0, None)
        for pr in plan["rooms"]:
            v = iou(tr["polygon"], pr["polygon"])
            if v > best[0]:
                best = (v, pr)
        v, pr = best
        if pr is None or v < 0.5:
            out.append({"id": tr["id"], "shape": tr["shape"], "type": tr["type"], "found": False, "iou": round(v, 4)})
            continue
        used.add(pr["id"])
        pa = poly_area(pr["polygon"])
        out.append({"id": tr["id"], "shape": tr["shape"], "type": tr["type"], "found": True, "planRoom": pr["id"],
                    "iou": round(v, 4), "areaError": round((pa - tr["area"]) / tr["area"], 4), "area": tr["area"], "planArea": round(pa, 3)})
    extra = [pr["id"] for pr in plan["rooms"] if pr["id"] not in used]
    return out, extra


def score_openings(truth, plan):
    out = []
    used = set()
    for to in truth["openings"]:
        mid = (_v(to["start"]) + _v(to["end"])) / 2
        radius = max(0.3, to["width"] / 2)
        best = None
        for po in plan["openings"]:
            pm = (_v(po["start"]) + _v(po["end"])) / 2
            d = float(np.linalg.norm(pm - mid))
            if d <= radius and po["id"] not in used and (best is None or d < best[0]):
                best = (d, po)
        if best is None:
            out.append({"id": to["id"], "kind": to["kind"], "found": False})
            continue
        d, po = best
        used.add(po["id"])
        pw = float(np.linalg.norm(_v(po["end"]) - _v(po["start"])))
        out.append({"id": to["id"], "kind": to["kind"], "found": True, "planOpening": po["id"], "planKind": po["kind"],
                    "kindRight": po["kind"] == to["kind"], "widthError": round(pw - to["width"], 4), "middleError": round(d, 4)})
    invented = [{"id": po["id"], "kind": po["kind"]} for po in plan["openings"] if po["id"] not in used]
    return out, invented


def score_objects(truth, plan):
    objs = plan.get("objects", [])
    pairs = []
    for ti, tf in enumerate(truth["furniture"]):
        tc = poly_centroid(tf["corners"])
        for pi, po in enumerate(objs):
            pc = poly_centroid(po["corners"])
            v = iou(tf["corners"], po["corners"])
            d = float(np.linalg.norm(pc - tc))
            if v > 0.05 or d < 0.5:
                pairs.append((v, -d, ti, pi))
    pairs.sort(reverse=True)
    tdone, pdone, match = set(), set(), {}
    for v, nd, ti, pi in pairs:
        if ti in tdone or pi in pdone:
            continue
        tdone.add(ti)
        pdone.add(pi)
        match[ti] = (pi, v, -nd)
    out = []
    for ti, tf in enumerate(truth["furniture"]):
        row = {"id": tf["id"], "kind": tf["kind"], "category": tf["category"], "mounted": tf["mounted"], "top": tf["top"]}
        if ti not in match:
            row["found"] = False
        else:
            pi, v, d = match[ti]
            po = objs[pi]
            te = abs(po["top"] - tf["top"])
            row.update({"found": True, "planObject": po["id"], "planCategory": po["category"], "centreError": round(d, 4),
                        "iou": round(v, 4), "topError": round(te, 4), "planTop": po["top"],
                        "within": d <= OBJECT_CENTRE and v >= OBJECT_IOU and te <= OBJECT_TOP})
        out.append(row)
    extra = [{"id": po["id"], "category": po["category"], "top": po["top"]} for pi, po in enumerate(objs) if pi not in pdone]
    return out, extra


def doubled_walls(plan, truth):
    """Pairs of plan walls within 5°, 3–30 cm apart, overlapping ≥ 0.5 m (the issue's 'drawn twice'),
    each with what it is: the two faces of one true wall left unpaired, or one face drawn twice."""
    ws = plan["walls"]
    out = []
    for i in range(len(ws)):
        for j in range(i + 1, len(ws)):
            a, b = ws[i], ws[j]
            la = np.linalg.norm(_v(a["end"]) - _v(a["start"]))
            lb = np.linalg.norm(_v(b["end"]) - _v(b["start"]))
            if la < 1e-6 or lb < 1e-6 or angle_between(a["start"], a["end"], b["start"], b["end"]) > 5:
                continue
            d = (line_distance(b["start"], a["start"], a["end"]) + line_distance(b["end"], a["start"], a["end"])) / 2
            if 0.03 <= d <= 0.30 and overlap_length(a["start"], a["end"], b["start"], b["end"]) >= 0.5:
                what = "one face drawn twice"
                if (a.get("thickness") is None) != (b.get("thickness") is None):
                    thick = a if a.get("thickness") is not None else b
                    if abs(d - thick["thickness"] / 2) < 0.03:
                        what = "a paired wall (centre line) and one of its own faces again"
                ma = (_v(a["start"]) + _v(a["end"])) / 2
                mb = (_v(b["start"]) + _v(b["end"])) / 2
                for tw in truth["walls"]:
                    if tw["faceOnly"] or angle_between(a["start"], a["end"], tw["start"], tw["end"]) > 5:
                        continue
                    s0, e0 = _v(tw["start"]), _v(tw["end"])
                    u = (e0 - s0) / np.linalg.norm(e0 - s0)
                    n = np.array([-u[1], u[0]])
                    sa, sb = float((ma - s0) @ n), float((mb - s0) @ n)
                    half = tw["thickness"] / 2
                    if sa * sb < 0 and abs(abs(sa) - half) < 0.04 and abs(abs(sb) - half) < 0.04:
                        what = f"the two faces of true wall {tw['id']} (thickness {tw['thickness'] * 100:.0f} cm) not paired"
                        break
                out.append([a["id"], b["id"], round(d, 3), what])
    return out


def score_case(truth, plan):
    walls, spurious = score_walls(truth, plan)
    rms, extra_rooms = score_rooms(truth, plan)
    ops, invented = score_openings(truth, plan)
    objs, extra_objs = score_objects(truth, plan)
    return {"case": truth["case"], "kind": truth["kind"], "walls": walls, "spuriousWalls": spurious, "rooms": rms,
            "extraRooms": extra_rooms, "openings": ops, "inventedOpenings": invented, "objects": objs,
            "extraObjects": extra_objs, "doubledWalls": doubled_walls(plan, truth),
            "floorYError": round(plan["floorY"] - truth["floorY"], 4),
            "ceilingError": round(plan["ceilingHeight"] - truth["ceilingHeight"], 4), "drift": truth.get("drift")}


def summarize(cases):
    """Figures over a list of scored cases."""
    rooms = [r for c in cases for r in c["rooms"]]
    walls = [w for c in cases for w in c["walls"]]
    found_w = [w for w in walls if w["found"]]
    ops = [o for c in cases for o in c["openings"]]
    objs = [o for c in cases for o in c["objects"] if not o["mounted"]]
    mounted = [o for c in cases for o in c["objects"] if o["mounted"]]
    found_r = [r for r in rooms if r["found"]]

    def mean(xs):
        return float(np.mean(xs)) if xs else float("nan")

    return {
        "cases": len(cases),
        "rooms": len(rooms), "roomsFound": len(found_r),
        "roomsWithinTargets": sum(1 for r in found_r if r["iou"] >= ROOM_IOU and abs(r["areaError"]) <= ROOM_AREA),
        "roomIoUMean": mean([r["iou"] if r["found"] else 0.0 for r in rooms]),
        "roomIoUMin": min([r["iou"] if r["found"] else 0.0 for r in rooms], default=float("nan")),
        "roomAreaErrorMeanAbs": mean([abs(r["areaError"]) for r in found_r]),
        "roomAreaErrorMaxAbs": max([abs(r["areaError"]) for r in found_r], default=float("nan")),
        "walls": len(walls), "wallsFound": len(found_w),
        "wallPositionMean": mean([w["positionError"] for w in found_w]),
        "wallsWithin2cm": sum(1 for w in found_w if w["positionError"] <= WALL_POSITION),
        "wallLengthMean": mean([w["lengthError"] for w in found_w]),
        "wallLengthMedian": float(np.median([w["lengthError"] for w in found_w])) if found_w else float("nan"),
        "wallsLengthWithin2pct": sum(1 for w in found_w if w["lengthError"] <= WALL_LENGTH),
        "spuriousWalls": sum(len(c["spuriousWalls"]) for c in cases),
        "openings": len(ops), "openingsFound": sum(1 for o in ops if o["found"]),
        "openingsKindRight": sum(1 for o in ops if o["found"] and o["kindRight"]),
        "openingsInvented": sum(len(c["inventedOpenings"]) for c in cases),
        "objects": len(objs), "objectsFound": sum(1 for o in objs if o["found"]),
        "objectsWithin": sum(1 for o in objs if o.get("within")),
        "objectCentreMean": mean([o["centreError"] for o in objs if o["found"]]),
        "objectIoUMean": mean([o["iou"] for o in objs if o["found"]]),
        "objectTopMean": mean([o["topError"] for o in objs if o["found"]]),
        "wallCabinets": len(mounted), "wallCabinetsFound": sum(1 for o in mounted if o["found"]),
        "objectsExtra": sum(len(c["extraObjects"]) for c in cases),
        "extraRooms": sum(len(c["extraRooms"]) for c in cases),
        "doubledWalls": sum(len(c["doubledWalls"]) for c in cases),
    }


def read_png(path):
    """A grayscale 8- or 16-bit PNG (filter type 0 rows, as generate.py writes them) as an array."""
    import struct
    import zlib
    b = open(path, "rb").read()
    i, idat = 8, b""
    w = h = bits = None
    while i < len(b):
        n = struct.unpack(">I", b[i:i + 4])[0]
        tag, body = b[i + 4:i + 8], b[i + 8:i + 8 + n]
        i += 12 + n
        if tag == b"IHDR":
            w, h, bits = struct.unpack(">IIB", body[:9])
        elif tag == b"IDAT":
            idat += body
    bpp = 2 if bits == 16 else 1
    raw = zlib.decompress(idat)
    rows = b"".join(raw[y * (w * bpp + 1) + 1:(y + 1) * (w * bpp + 1)] for y in range(h))
    return np.frombuffer(rows, dtype=">u2" if bits == 16 else np.uint8).reshape(h, w)


def wall_coverage(truth, case_dir, step=2):
    """How well the walk saw each true wall: per wall face (a face wall's line; both faces of a
    paired wall), the depth frames (every step-th, placed with the TRUE poses, medium confidence
    and up) holding at least 50 points of the wall band (1.0–1.8 m above the floor) within 3 cm of
    the face and inside its extent, and the share of the face's length those points cover (10 cm
    bins). Tells a wall the walk never saw from one the extractor missed."""
    stray = os.path.join(case_dir, "stray")
    K = np.loadtxt(os.path.join(stray, "camera_matrix.csv"), delimiter=",")
    true = {i: (p, f) for i, p, f in generate.true_poses(truth["kind"], truth["seed"])}
    frames = sorted(int(n[:-4]) for n in os.listdir(os.path.join(stray, "depth")) if n.endswith(".png"))[::step]
    faces = []
    for tw in truth["walls"]:
        for kind, a, b in offset_lines(tw["start"], tw["end"], None if tw["faceOnly"] else tw["thickness"]):
            if tw["faceOnly"] or kind == "face":
                faces.append((tw["id"], a, b))
    counts = {k: 0 for k in range(len(faces))}
    bins = {k: set() for k in range(len(faces))}
    up = np.array([0.0, 1.0, 0.0])
    for fr in frames:
        d = read_png(os.path.join(stray, "depth", f"{fr:06d}.png")).astype(float) / 1000
        c = read_png(os.path.join(stray, "confidence", f"{fr:06d}.png"))
        h, w = d.shape
        sx, sy = w / 1920, h / 1440
        v, u = np.nonzero((d > 0) & (c >= 1))
        z = d[v, u]
        x = (u + 0.5 - K[0, 2] * sx) / (K[0, 0] * sx) * z
        y = (v + 0.5 - K[1, 2] * sy) / (K[1, 1] * sy) * z
        pos, fwd = true[fr]
        right = np.cross(fwd, up)
        right /= np.linalg.norm(right)
        down = np.cross(fwd, right)
        # The roll is not in true_poses' (position, view direction); the band is wide enough for it.
        P = pos[None, :] + np.outer(x, right) + np.outer(y, down) + np.outer(z, fwd)
        hy = P[:, 1] - truth["floorY"]
        band = (hy > 1.0) & (hy < 1.8)
        Q = P[band][:, [0, 2]]
        for k, (_, a, b) in enumerate(faces):
            dd = b - a
            L = float(np.linalg.norm(dd))
            uu = dd / L
            wq = Q - a
            s = wq @ uu
            off = np.abs(wq[:, 0] * uu[1] - wq[:, 1] * uu[0])
            m = (off < 0.03) & (s > 0) & (s < L)
            if m.sum() >= 50:
                counts[k] += 1
                bins[k] |= set((s[m] // 0.1).astype(int).tolist())
    out = {}
    for k, (wid, a, b) in enumerate(faces):
        L = float(np.linalg.norm(b - a))
        share = len(bins[k]) / max(1, int(math.ceil(L / 0.1)))
        prev = out.get(wid)
        cur = {"frames": counts[k] * step, "lengthSeen": round(min(1.0, share), 3)}
        if prev is None or cur["frames"] > prev["frames"]:
            out[wid] = cur
    return out


def _yaw(v):
    return math.degrees(math.atan2(v[0], -v[2]))


def _read_odometry(path):
    out = {}
    for line in open(path).read().splitlines()[1:]:
        f = [x.strip() for x in line.split(",")]
        x, y, z, w = map(float, f[5:9])
        R = np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                      [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                      [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])
        out[int(f[1])] = (np.array(list(map(float, f[2:5]))), R[:, 2])  # OpenCV: forward is +z
    return out


def pose_errors(truth, odometry_path, poses_path):
    """Recorded (odometry) and refined (fathom plan --poses) camera poses against the true ones: the
    position and heading error at the end of the walk and their maxima."""
    kind, seed = truth["kind"], truth["seed"]
    true = {i: (p, f) for i, p, f in generate.true_poses(kind, seed)}
    rec = _read_odometry(odometry_path)
    refined = {}
    if os.path.exists(poses_path):
        for e in json.load(open(poses_path)).get("poses", []):
            m = np.array(e["worldFromCamera"], float).reshape(4, 4).T  # column-major
            refined[int(e["frameNumber"])] = (m[:3, 3], -m[:3, 2])  # ARKit: forward is −z
    out = {}
    for name, poses in (("recorded", rec), ("refined", refined)):
        frames = sorted(set(poses) & set(true))
        if not frames:
            continue
        dp = [float(np.linalg.norm(poses[i][0] - true[i][0])) for i in frames]
        dy = [abs((_yaw(poses[i][1]) - _yaw(true[i][1]) + 180) % 360 - 180) for i in frames]
        out[name] = {"endPositionError": round(dp[-1], 4), "endYawErrorDegrees": round(dy[-1], 3),
                     "maxPositionError": round(max(dp), 4), "maxYawErrorDegrees": round(max(dy), 3), "frames": len(frames)}
    return out


# ---------------------------------------------------------------- drawing
def overlay_svg(truth, plan, score, path):
    pts = [p for r in truth["rooms"] for p in r["polygon"]] + [p for w in plan["walls"] for p in (w["start"], w["end"])]
    pts = np.array(pts, float)
    lo, hi = pts.min(axis=0) - 0.6, pts.max(axis=0) + 0.6
    s = 90.0
    W, H = (hi - lo) * s

    def P(p):
        return f"{(p[0] - lo[0]) * s:.1f},{(p[1] - lo[1]) * s:.1f}"

    W = max(W, 640.0)
    el = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W:.0f}" height="{H + 40:.0f}" viewBox="0 0 {W:.0f} {H + 40:.0f}" font-family="sans-serif" font-size="11">',
          '<rect width="100%" height="100%" fill="white"/>']
    for r in truth["rooms"]:
        el.append(f'<polygon points="{" ".join(P(p) for p in r["polygon"])}" fill="#dff0d8" stroke="none"/>')
    for w in truth["walls"]:
        el.append(f'<line x1="{P(w["start"]).split(",")[0]}" y1="{P(w["start"]).split(",")[1]}" x2="{P(w["end"]).split(",")[0]}" y2="{P(w["end"]).split(",")[1]}" stroke="#999" stroke-width="{max(2, (w["thickness"] if not w["faceOnly"] else 0.03) * s):.1f}"/>')
    for f in truth["furniture"]:
        dash = ' stroke-dasharray="2,2"' if f["mounted"] else ""
        el.append(f'<polygon points="{" ".join(P(p) for p in f["corners"])}" fill="none" stroke="#3366cc" stroke-width="1.5"{dash}/>')
    tr = truth.get("trajectory", [])
    if tr:
        el.append(f'<polyline points="{" ".join(P(p) for p in tr)}" fill="none" stroke="#bbb" stroke-width="0.8"/>')
    for r in plan["rooms"]:
        el.append(f'<polygon points="{" ".join(P(p) for p in r["polygon"])}" fill="none" stroke="#d62728" stroke-width="1" stroke-dasharray="5,3"/>')
    spur = {x["id"] for x in score["spuriousWalls"]}
    for w in plan["walls"]:
        col = "#ff00ff" if w["id"] in spur else "#d62728"
        a, b = P(w["start"]).split(","), P(w["end"]).split(",")
        el.append(f'<line x1="{a[0]}" y1="{a[1]}" x2="{b[0]}" y2="{b[1]}" stroke="{col}" stroke-width="2"><title>{w["id"]}</title></line>')
        if w["id"] in spur:
            m = (_v(w["start"]) + _v(w["end"])) / 2
            el.append(f'<text x="{P(m).split(",")[0]}" y="{P(m).split(",")[1]}" fill="#ff00ff">{w["id"]} spurious</text>')
    for o in plan.get("objects", []):
        el.append(f'<polygon points="{" ".join(P(p) for p in o["corners"])}" fill="none" stroke="#ff7f0e" stroke-width="1.2"><title>{o["id"]} {o["category"]} top {o["top"]:.2f}</title></polygon>')
    for o in plan["openings"]:
        a, b = P(o["start"]).split(","), P(o["end"]).split(",")
        el.append(f'<line x1="{a[0]}" y1="{a[1]}" x2="{b[0]}" y2="{b[1]}" stroke="#2ca02c" stroke-width="4" opacity="0.7"/>')
    for o, so in zip(truth["openings"], score["openings"]):
        m = (_v(o["start"]) + _v(o["end"])) / 2
        col = "#2ca02c" if so["found"] and so["kindRight"] else "#ff00ff"
        el.append(f'<circle cx="{P(m).split(",")[0]}" cy="{P(m).split(",")[1]}" r="4" fill="none" stroke="{col}"/>')
    for r, sr in zip(truth["rooms"], score["rooms"]):
        c = poly_centroid(r["polygon"])
        txt = f'{r["id"]} {r["shape"]}: ' + (f'IoU {sr["iou"]:.3f}, area {sr["areaError"] * 100:+.1f}%' if sr["found"] else "not closed")
        el.append(f'<text x="{P(c).split(",")[0]}" y="{P(c).split(",")[1]}" text-anchor="middle">{txt}</text>')
    el.append(f'<text x="5" y="{H + 12:.0f}">{truth["case"]} (+x right, +z down). Truth: grey walls, green floor, blue furniture '
              f'(dashed: wall cabinets), grey walk, circles at true openings (magenta: missed).</text>')
    el.append(f'<text x="5" y="{H + 27:.0f}">Plan: red walls (magenta: spurious), dashed red rooms, orange objects, green openings.</text>')
    el.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(el))


# ---------------------------------------------------------------- running
def score_and_write(truth, plan, cdir, odir, poses_path, seconds):
    """Scores one case's plan (walls' seen coverage and pose errors included), writes its score.json and
    overlay.svg into `odir`, and returns the score."""
    sc = score_case(truth, plan)
    sc["seconds"] = seconds
    sc["poses"] = pose_errors(truth, os.path.join(cdir, "stray", "odometry.csv"), poses_path)
    cov = wall_coverage(truth, cdir)
    for w in sc["walls"]:
        w["seen"] = cov.get(w["id"])
    overlay_svg(truth, plan, sc, os.path.join(odir, "overlay.svg"))
    with open(os.path.join(odir, "score.json"), "w") as f:
        json.dump(sc, f, indent=1)
    return sc


def find_fathom(arg):
    if arg:
        return arg
    for cand in (os.path.join(REPO, ".build", "release", "fathom"),):
        if os.path.exists(cand):
            return cand
    return None


def run(cmd, log):
    start = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True)
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + f"\n(exit {p.returncode}, {time.time() - start:.1f} s)\n{p.stdout}\n{p.stderr}\n")
    return p, time.time() - start


def failure_lines(sc):
    """One line per miss of a scored case, with what the scores say about its cause."""
    out = []
    p = sc.get("poses", {}).get("refined")
    r = sc.get("poses", {}).get("recorded")
    if p:
        out.append(f"poses: recorded end {r['endPositionError'] * 100:.1f} cm / {r['endYawErrorDegrees']:.2f}°, refined end "
                   f"{p['endPositionError'] * 100:.1f} cm / {p['endYawErrorDegrees']:.2f}° (max {p['maxPositionError'] * 100:.1f} cm / "
                   f"{p['maxYawErrorDegrees']:.2f}°)")
    for x in sc["rooms"]:
        if not x["found"]:
            out.append(f"room {x['id']} ({x['type']}, {x['shape']}): not closed")
        elif x["iou"] < ROOM_IOU or abs(x["areaError"]) > ROOM_AREA:
            out.append(f"room {x['id']} ({x['type']}, {x['shape']}): IoU {x['iou']:.3f}, area {x['areaError'] * 100:+.1f} %")
    for w in sc["walls"]:
        seen = w.get("seen") or {}
        s = f"seen in {seen.get('frames', 0)} depth frames over {seen.get('lengthSeen', 0) * 100:.0f} % of its length"
        if not w["found"]:
            out.append(f"wall {w['id']} ({w['length']:.2f} m): missed; {s}")
        elif w["positionError"] > WALL_POSITION or w["lengthError"] > WALL_LENGTH:
            out.append(f"wall {w['id']} ({w['length']:.2f} m): position {w['positionError'] * 100:.1f} cm, length "
                       f"{w['lengthError'] * 100:+.1f} % (plan {w['planWall']}, {w['planLength']:.2f} m); {s}")
    for x in sc["spuriousWalls"]:
        out.append(f"spurious wall {x['id']} ({x['length']:.2f} m): {x['cause']}")
    for d in sc["doubledWalls"]:
        out.append(f"drawn twice: {d[0]} and {d[1]}, {d[2] * 100:.0f} cm apart: {d[3]}")
    for o in sc["openings"]:
        if not o["found"]:
            out.append(f"{o['kind']} {o['id']}: missed")
        elif not o["kindRight"]:
            out.append(f"{o['kind']} {o['id']}: found as {o['planKind']}")
    for o in sc["inventedOpenings"]:
        out.append(f"invented {o['kind']} {o['id']}")
    for o in sc["objects"]:
        tag = f"{o['kind']} {o['id']}" + (" (wall cabinets)" if o["mounted"] else "")
        if not o["found"]:
            out.append(f"{tag}: not found")
        elif not o["within"]:
            why = []
            if o["centreError"] > OBJECT_CENTRE:
                why.append(f"centre {o['centreError'] * 100:.1f} cm")
            if o["iou"] < OBJECT_IOU:
                why.append(f"IoU {o['iou']:.2f}")
            if o["topError"] > OBJECT_TOP:
                why.append(f"top {o['planTop']:.2f} m for {o['top']:.2f} m")
            out.append(f"{tag}: {', '.join(why)} (plan {o['planObject']}, {o['planCategory']})")
    return out


def fmt_pct(x):
    return "–" if x != x else f"{x * 100:.2f} %"


def table(cases, total):
    lines = ["| case | rooms closed (IoU ≥ 0.98 & area ≤ 1 %) | IoU min | area err max | walls found | wall pos mean | wall len mean / median | spurious walls | doors+windows (kind right) | invented | objects within / matched / true | doubled |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    rows = [(c["case"], summarize([c])) for c in cases] + [("**total**", total)]
    for name, s in rows:
        lines.append(f"| {name} | {s['roomsFound']}/{s['rooms']} ({s['roomsWithinTargets']}) | {s['roomIoUMin']:.3f} | {fmt_pct(s['roomAreaErrorMaxAbs'])} | "
                     f"{s['wallsFound']}/{s['walls']} | {s['wallPositionMean'] * 100:.2f} cm | {fmt_pct(s['wallLengthMean'])} / {fmt_pct(s['wallLengthMedian'])} | "
                     f"{s['spuriousWalls']} | {s['openingsFound']}/{s['openings']} ({s['openingsKindRight']}) | {s['openingsInvented']} | "
                     f"{s['objectsWithin']}/{s['objectsFound']}/{s['objects']} | {s['doubledWalls']} |")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--work", required=True, help="work folder (cases, packages, plans, results)")
    ap.add_argument("--quick", action="store_true", help="the two quick cases only")
    ap.add_argument("--cases", help="comma-separated case names")
    ap.add_argument("--fathom", help="the fathom executable (default: .build/release/fathom of this repository)")
    ap.add_argument("--rescore", action="store_true", help="score the plans already in WORK again (no import, no plan)")
    args = ap.parse_args(argv)
    fathom = find_fathom(args.fathom)
    if not args.rescore and (fathom is None or not os.path.exists(fathom)):
        print("independent-rooms: no fathom executable (build it: swift build -c release --product fathom, or pass --fathom)")
        return 2
    cases = generate.QUICK if args.quick else generate.CASES
    names = [generate.case_name(k, s) for k, s in cases]
    if args.cases:
        names = args.cases.split(",")
    case_root = os.path.join(args.work, "cases")
    missing = [n for n in names if not os.path.exists(os.path.join(case_root, n, "truth.json"))]
    if missing:
        generate.main(["--out", case_root, "--cases", ",".join(missing)])
    scored = []
    timing = {}
    for name in names:
        cdir = os.path.join(case_root, name)
        odir = os.path.join(args.work, name)
        os.makedirs(odir, exist_ok=True)
        log = os.path.join(odir, "fathom.log")
        open(log, "w").close()
        truth = json.load(open(os.path.join(cdir, "truth.json")))
        plan_path = os.path.join(odir, "plan.json")
        poses_path = os.path.join(odir, "poses.json")
        if args.rescore and os.path.exists(plan_path):
            plan = json.load(open(plan_path))
            old = os.path.join(odir, "score.json")
            seconds = json.load(open(old)).get("seconds") if os.path.exists(old) else None
            scored.append(score_and_write(truth, plan, cdir, odir, poses_path, seconds))
            continue
        pkg = os.path.join(odir, "scan.zip")
        if os.path.exists(pkg):
            os.remove(pkg)  # ours, from an earlier run: fathom import refuses to overwrite
        p, t_imp = run([fathom, "import", os.path.join(cdir, "stray"), "-o", pkg, "--format", "stray"], log)
        if p.returncode != 0:
            print(f"{name}: import failed (exit {p.returncode}); see {log}")
            scored.append({"case": name, "error": "import failed"})
            continue
        p, t_plan = run([fathom, "plan", pkg, "-o", plan_path, "--svg", os.path.join(odir, "plan.svg"), "--poses", poses_path], log)
        if p.returncode != 0:
            print(f"{name}: plan failed (exit {p.returncode}); see {log}")
            scored.append({"case": name, "error": "plan failed"})
            continue
        plan = json.load(open(plan_path))
        sc = score_and_write(truth, plan, cdir, odir, poses_path, {"import": round(t_imp, 1), "plan": round(t_plan, 1)})
        scored.append(sc)
        s = summarize([sc])
        print(f"{name}: rooms {s['roomsFound']}/{s['rooms']} (IoU min {s['roomIoUMin']:.3f}), walls {s['wallsFound']}/{s['walls']} "
              f"pos {s['wallPositionMean'] * 100:.2f} cm, spurious {s['spuriousWalls']}, openings {s['openingsFound']}/{s['openings']}, "
              f"objects within {s['objectsWithin']}/{s['objects']}; import {t_imp:.0f} s, plan {t_plan:.0f} s", flush=True)
    ok = [c for c in scored if "error" not in c]
    groups = {}
    for c in ok:
        groups.setdefault(c["kind"], []).append(c)
    total = summarize(ok) if ok else {}
    result = {"cases": scored, "total": total, "byKind": {k: summarize(v) for k, v in groups.items()},
              "failedRuns": [c["case"] for c in scored if "error" in c]}
    with open(os.path.join(args.work, "results.json"), "w") as f:
        json.dump(result, f, indent=1)
    if ok:
        md = table(ok, total)
        with open(os.path.join(args.work, "results.md"), "w") as f:
            f.write(md + "\n\n")
            for c in ok:
                f.write(f"### {c['case']}\n" + "".join(f"- {line}\n" for line in failure_lines(c)) + "\n")
        print(md)
    return 0 if not result["failedRuns"] else 1


if __name__ == "__main__":
    sys.exit(main())
