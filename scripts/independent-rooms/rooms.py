"""Seeded room layouts for the independent room-scan generator (issue #14).

Written from public descriptions of homes (room sizes, wall thicknesses, door and window sizes,
furniture dimensions from retail catalogues), not from Fathom's simulator. Everything here lives in a
*layout frame*: metres, +y up, the floor at y = 0, plan points (x, z). The scan writer later turns the
layout into ARKit's world frame of the recording (origin at the first camera, heading along it).

A layout holds
- rooms: counter-clockwise-seen-from-above rectilinear polygons (x, z) of the interior wall faces,
- solids: boxes (centre, half sizes, yaw about +y) that the sensor ray-casts against — wall pieces
  (each room edge is a slab of its wall thickness, cut round doors and windows) and furniture parts,
- openings (doors, windows), furniture truth boxes, the ceiling height, a hall behind an outer door,
- and each room's walk loop (an inset polygon the handheld walk follows).
"""

import math

import numpy as np


class Box:
    """An oriented box: centre (x, y, z), half sizes along its own x, y, z, yaw (radians) about +y."""

    def __init__(self, centre, half, yaw=0.0, tag="wall"):
        self.centre = np.asarray(centre, dtype=float)
        self.half = np.asarray(half, dtype=float)
        self.yaw = float(yaw)
        self.tag = tag

    def footprint(self):
        """The four (x, z) corners, counter-clockwise seen from above (+y)."""
        c, s = math.cos(self.yaw), math.sin(self.yaw)
        ax = np.array([c, s])
        az = np.array([-s, c])
        cx = self.centre[[0, 2]]
        hx, hz = self.half[0], self.half[2]
        pts = [cx - ax * hx - az * hz, cx + ax * hx - az * hz, cx + ax * hx + az * hz, cx - ax * hx + az * hz]
        return ccw([tuple(p) for p in pts])


def signed_area(poly):
    """Shoelace sum over (x, z). Seen from above (+y) with +x right and +z down the page, a polygon
    running counter-clockwise has a negative sum (as in docs/floorplan-v1.md)."""
    a = 0.0
    n = len(poly)
    for i in range(n):
        x0, z0 = poly[i]
        x1, z1 = poly[(i + 1) % n]
        a += x0 * z1 - x1 * z0
    return a / 2


def ccw(poly):
    """The polygon in the format's counter-clockwise order (negative shoelace sum)."""
    return list(poly) if signed_area(poly) < 0 else list(reversed(poly))


def inward_normal(p0, p1, poly_sign):
    """Unit normal of edge p0→p1 pointing into a polygon whose shoelace sum has sign poly_sign."""
    d = np.subtract(p1, p0)
    d = d / np.linalg.norm(d)
    left = np.array([-d[1], d[0]])
    # For a positive shoelace sum the interior lies on the left of each edge.
    return left if poly_sign > 0 else -left


class Layout:
    def __init__(self):
        self.rooms = []  # dicts: polygon, label, thickness per edge, height
        self.solids = []
        self.openings = []  # dicts: kind, centre (x, z), direction (unit), width, bottom, top, edges
        self.furniture = []  # dicts: kind, category, corners, bottom, top, mounted
        self.ceiling = 2.6
        self.halls = []  # (xmin, zmin, xmax, zmax) floor regions outside the rooms
        self.bounds = None


def _room_polygon(rng, x0, width, depth, variant):
    """A rectilinear room polygon starting at x0, z in [0, depth], with a shape variant."""
    x1 = x0 + width
    if variant == "rect":
        return [(x0, 0), (x1, 0), (x1, depth), (x0, depth)], {}
    if variant in ("l-left", "l-right"):
        nw = rng.uniform(0.9, min(1.6, width * 0.4))
        nd = rng.uniform(0.9, min(1.6, depth * 0.4))
        if variant == "l-right":
            return [(x0, 0), (x1, 0), (x1, depth - nd), (x1 - nw, depth - nd), (x1 - nw, depth), (x0, depth)], {"notch": ("right", nw, nd)}
        return [(x0, 0), (x1, 0), (x1, depth), (x0 + nw, depth), (x0 + nw, depth - nd), (x0, depth - nd)], {"notch": ("left", nw, nd)}
    if variant == "recess":
        rw = rng.uniform(1.0, min(2.0, width * 0.5))
        rd = rng.uniform(0.4, 0.9)
        a = x0 + rng.uniform(0.6, width - rw - 0.6)
        return [(x0, 0), (x1, 0), (x1, depth), (a + rw, depth), (a + rw, depth + rd), (a, depth + rd), (a, depth), (x0, depth)], {"recess": (a, a + rw, rd)}
    if variant == "chimney":
        bw = rng.uniform(1.0, 1.6)
        bd = rng.uniform(0.3, 0.5)
        a = x0 + rng.uniform(0.7, width - bw - 0.7)
        # A chimney breast standing out of the back wall: the room's face steps in around it.
        return [(x0, 0), (x1, 0), (x1, depth), (a + bw, depth), (a + bw, depth - bd), (a, depth - bd), (a, depth), (x0, depth)], {"chimney": (a, a + bw, bd)}
    raise ValueError(variant)


def _edges(poly):
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def _on_edge(point, p0, p1, tol=1e-6):
    d = np.subtract(p1, p0)
    L = np.linalg.norm(d)
    u = d / L
    w = np.subtract(point, p0)
    s = float(w @ u)
    off = abs(float(w[0] * u[1] - w[1] * u[0]))
    return off < tol and -tol <= s <= L + tol, s


def build_layout(rng, kind):
    """A seeded layout. kind: 'empty' (few low pieces) or 'furnished' (bedroom, living room, kitchen)."""
    lay = Layout()
    lay.ceiling = rng.uniform(2.4, 3.0)
    H = lay.ceiling
    room_count = int(rng.choice([1, 2, 2, 3])) if kind == "empty" else int(rng.choice([2, 3]))
    outer_t = rng.uniform(0.2, 0.3)
    part_t = rng.uniform(0.1, 0.15)
    furnished_types = ["kitchen", "bedroom", "living"]
    rng.shuffle(furnished_types)
    x = 0.0
    for i in range(room_count):
        if kind == "furnished":
            rtype = furnished_types[i % 3]
        else:
            rtype = "plain"
        width = rng.uniform(3.4, 5.0)
        depth = rng.uniform(3.6, 5.0) if rtype != "bedroom" else rng.uniform(4.2, 5.0)
        variants = ["rect", "recess", "chimney"]
        if i == 0:
            variants.append("l-left")
        if i == room_count - 1:
            variants.append("l-right")
        if rtype in ("bedroom", "kitchen"):
            variants = ["rect", "chimney"] if rtype == "bedroom" else ["rect", "recess"]
        variant = variants[int(rng.integers(len(variants)))]
        poly, chimney = _room_polygon(rng, x, width, depth, variant)
        lay.rooms.append({"polygon": ccw(poly), "type": rtype, "variant": variant, "x0": x, "x1": x + width,
                          "depth": depth, "shape": chimney, "label": f"{rtype} {i + 1}"})
        x += width + part_t
    # Doors in the partitions between neighbours (same world opening for both rooms' faces).
    for i in range(room_count - 1):
        a, b = lay.rooms[i], lay.rooms[i + 1]
        span = min(a["depth"], b["depth"])
        w = rng.uniform(0.8, 0.95)
        zc = rng.uniform(0.5 + w / 2, span - 0.5 - w / 2)
        xc = a["x1"] + part_t / 2
        lay.openings.append({"kind": "door", "centre": (xc, zc), "dir": (0.0, 1.0), "width": w,
                             "bottom": 0.0, "top": rng.uniform(2.0, min(2.1, H - 0.2)), "through": part_t})
    # An outer door into a hall for walks of one room (so the room has a door); windows in front walls.
    if room_count == 1:
        r = lay.rooms[0]
        w = rng.uniform(0.8, 0.95)
        zc = rng.uniform(0.6 + w / 2, min(r["depth"], 3.5) - 0.6 - w / 2)
        side = r["x0"] if rng.random() < 0.5 else r["x1"]
        xc = side - outer_t / 2 if side == r["x0"] else side + outer_t / 2
        lay.openings.append({"kind": "door", "centre": (xc, zc), "dir": (0.0, 1.0), "width": w,
                             "bottom": 0.0, "top": rng.uniform(2.0, min(2.1, H - 0.2)), "through": outer_t})
        hall_w = rng.uniform(1.1, 1.5)
        if side == r["x0"]:
            hx0, hx1 = side - outer_t - hall_w, side - outer_t
            lay.solids.append(Box((hx0 - 0.1, H / 2, zc), (0.1, H / 2, 2.0), tag="hall"))
        else:
            hx0, hx1 = side + outer_t, side + outer_t + hall_w
            lay.solids.append(Box((hx1 + 0.1, H / 2, zc), (0.1, H / 2, 2.0), tag="hall"))
        lay.halls.append((hx0, zc - 2.0, hx1, zc + 2.0))
    for r in lay.rooms:
        n = 1 if r["x1"] - r["x0"] < 4.0 else int(rng.integers(1, 3))
        slots = np.linspace(r["x0"], r["x1"], n + 1)
        for k in range(n):
            lo, hi = slots[k] + 0.4, slots[k + 1] - 0.4
            w = rng.uniform(0.8, min(1.6, hi - lo))
            xc = rng.uniform(lo + w / 2, hi - w / 2)
            sill = rng.uniform(0.8, 1.0)
            lay.openings.append({"kind": "window", "centre": (xc, -outer_t / 2), "dir": (1.0, 0.0), "width": w,
                                 "bottom": sill, "top": rng.uniform(2.0, min(2.2, H - 0.15)), "through": outer_t})
    _build_walls(lay, outer_t, part_t)
    lay.table_yaw = list(rng.uniform(-math.pi / 2, math.pi / 2, 3))
    lay.table_top = list(rng.uniform(0.72, 0.76, 3))
    _furnish(rng, lay, kind)
    _walk_loops(lay)
    return lay


def _edge_thickness(lay, ri, p0, p1, outer_t, part_t):
    """Partition edges (a neighbour's face part_t behind, antiparallel) get part_t, others outer_t."""
    n = inward_normal(p0, p1, signed_area(lay.rooms[ri]["polygon"]))
    mid = np.add(p0, p1) / 2 - n * part_t
    for rj, other in enumerate(lay.rooms):
        if rj == ri:
            continue
        for q0, q1 in _edges(other["polygon"]):
            on, _ = _on_edge(mid, q0, q1, tol=1e-6)
            if on:
                return part_t
    return outer_t


def _build_walls(lay, outer_t, part_t):
    H = lay.ceiling
    xs, zs = [], []
    for ri, room in enumerate(lay.rooms):
        poly = room["polygon"]
        sign = signed_area(poly)
        n = len(poly)
        for i in range(n):
            p0, p1 = np.array(poly[i], float), np.array(poly[(i + 1) % n], float)
            t = _edge_thickness(lay, ri, p0, p1, outer_t, part_t)
            inn = inward_normal(p0, p1, sign)
            d = (p1 - p0) / np.linalg.norm(p1 - p0)
            # Extend past convex corners by the thickness so that the slabs close the corner outside.
            prev = np.array(poly[(i - 1) % n], float)
            nxt = np.array(poly[(i + 2) % n], float)
            convex0 = _is_convex(prev, p0, p1, sign)
            convex1 = _is_convex(p0, p1, nxt, sign)
            s0 = -t if convex0 else 0.0
            s1 = np.linalg.norm(p1 - p0) + (t if convex1 else 0.0)
            # Openings through this slab: parallel, centre inside the slab.
            cuts = []
            for o in lay.openings:
                c = np.array(o["centre"])
                w = c - p0
                along = float(w @ d)
                across = float(w @ (-inn))
                if abs(abs(float(np.dot(o["dir"], d))) - 1) < 1e-6 and -0.01 <= across <= t + 0.01 and 0 < along < s1:
                    cuts.append((along - o["width"] / 2, along + o["width"] / 2, o["bottom"], o["top"]))
                    o.setdefault("edges", []).append((ri, i))
            cuts.sort()
            pieces = []  # (a, b, y0, y1)
            a = s0
            for (c0, c1, yb, yt) in cuts:
                pieces.append((a, c0, 0.0, H))
                if yb > 0:
                    pieces.append((c0, c1, 0.0, yb))
                pieces.append((c0, c1, yt, H))
                a = c1
            pieces.append((a, s1, 0.0, H))
            yaw = math.atan2(d[1], d[0])
            for (a, b, y0, y1) in pieces:
                if b - a < 1e-4 or y1 - y0 < 1e-4:
                    continue
                mid = p0 + d * (a + b) / 2 - inn * t / 2
                lay.solids.append(Box((mid[0], (y0 + y1) / 2, mid[1]), ((b - a) / 2, (y1 - y0) / 2, t / 2), yaw, tag="wall"))
            xs += [p0[0] - t, p0[0] + t]
            zs += [p0[1] - t, p0[1] + t]
            room.setdefault("thickness", []).append(t)
    lay.bounds = (min(xs), min(zs), max(xs), max(zs))


def _is_convex(a, b, c, sign):
    cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
    return cross * sign > 0


# Furniture dimensions (metres) from retail catalogues: width along the wall, depth into the room, height.
PIECES = {
    "wardrobe": ((0.8, 2.0), (0.55, 0.65), (1.9, 2.2), "storage"),
    "bookcase": ((0.6, 1.2), (0.28, 0.38), (1.8, 2.1), "storage"),
    "fridge": ((0.6, 0.75), (0.65, 0.72), (1.75, 1.95), "refrigerator"),
    "counter": ((1.6, 3.0), (0.58, 0.62), (0.88, 0.92), "storage"),
    "bed": ((1.4, 1.8), (2.0, 2.1), (0.95, 1.1), "bed"),
    "sofa": ((1.6, 2.2), (0.85, 0.95), (0.8, 0.9), "sofa"),
    "sideboard": ((0.8, 1.5), (0.4, 0.5), (0.6, 0.9), "storage"),
}


def _piece_parts(kind, w, dep, h, rng):
    """Parts of a piece in its own frame: x along the wall in [-w/2, w/2], z from the wall (0) into the
    room (dep), y up. Returns [(x0, x1, y0, y1, z0, z1)]."""
    if kind == "counter":
        return [(-w / 2, w / 2, 0.0, 0.1, 0.0, dep - 0.07), (-w / 2, w / 2, 0.1, h, 0.0, dep)]
    if kind == "bed":
        mattress = rng.uniform(0.5, 0.6)
        return [(-w / 2, w / 2, 0.0, h, 0.0, 0.08), (-w / 2, w / 2, 0.0, mattress, 0.08, dep)]
    if kind == "sofa":
        seat = rng.uniform(0.42, 0.46)
        return [(-w / 2, w / 2, 0.0, h, 0.0, 0.22), (-w / 2 + 0.15, w / 2 - 0.15, 0.0, seat, 0.22, dep),
                (-w / 2, -w / 2 + 0.15, 0.0, 0.62, 0.22, dep), (w / 2 - 0.15, w / 2, 0.0, 0.62, 0.22, dep)]
    return [(-w / 2, w / 2, 0.0, h, 0.0, dep)]


def _furnish(rng, lay, kind):
    H = lay.ceiling
    # Keep the floor in front of every door free (the walk passes there, and so do people).
    door_zones = []
    for o in lay.openings:
        if o["kind"] == "door":
            cx, cz = o["centre"]
            r = o["width"] / 2 + 0.9
            door_zones.append([(cx - r, cz - r), (cx - r, cz + r), (cx + r, cz + r), (cx + r, cz - r)])
    for ri, room in enumerate(lay.rooms):
        poly = room["polygon"]
        sign = signed_area(poly)
        room["inset"] = [0.95] * len(poly)
        if room["type"] == "plain":
            wanted = ["sideboard"] if rng.random() < 0.6 else []
        elif room["type"] == "kitchen":
            wanted = ["counter", "fridge", "table"]
        elif room["type"] == "bedroom":
            wanted = ["bed", "wardrobe", "bookcase"]
        else:
            wanted = ["sofa", "bookcase", "wardrobe", "table"]
        placed = []  # footprints (x,z corner lists) in this room, for overlap checks
        done = set()
        for want in wanted:
            if want == "table" or want in done:
                continue
            for _ in range(40):
                i = int(rng.integers(len(poly)))
                p0, p1 = np.array(poly[i], float), np.array(poly[(i + 1) % len(poly)], float)
                L = np.linalg.norm(p1 - p0)
                d = (p1 - p0) / L
                inn = inward_normal(p0, p1, sign)
                if abs(d[1]) < 0.5 and min(p0[1], p1[1]) < 0.01:
                    continue  # the front wall holds the windows
                (wr, dr, hr, cat) = PIECES[want]
                w = rng.uniform(*wr)
                if w > L - 0.2:
                    continue
                dep = rng.uniform(*dr)
                h = min(rng.uniform(*hr), H - 0.25)
                corner = rng.random() < 0.5 and want in ("wardrobe", "bookcase", "fridge", "counter")
                if corner:
                    a = 0.02 + w / 2 if rng.random() < 0.5 else L - 0.02 - w / 2
                else:
                    a = rng.uniform(0.3 + w / 2, L - 0.3 - w / 2) if L - 0.6 > w else L / 2
                # Keep clear of doors on this edge.
                blocked = False
                for o in lay.openings:
                    if (ri, i) in o.get("edges", []) and o["kind"] == "door":
                        along = float((np.array(o["centre"]) - p0) @ d)
                        if abs(along - a) < w / 2 + o["width"] / 2 + 0.3:
                            blocked = True
                if blocked:
                    continue
                gap = 0.02
                reach = max(float(np.dot(np.subtract(v, p0), inn)) for v in poly)
                if reach < gap + dep + 0.5 + 0.95 + 0.8:
                    continue  # the walk must still pass between this piece and the opposite wall
                origin = p0 + d * a + inn * gap
                yaw = math.atan2(d[1], d[0])
                fp = _footprint(origin, d, inn, -w / 2, w / 2, 0, dep)
                if any(_overlap(fp, q, 0.1) for q in placed + door_zones) or not _inside(fp, poly):
                    continue
                placed.append(fp)
                for (x0, x1, y0, y1, z0, z1) in _piece_parts(want, w, dep, h, rng):
                    c = origin + d * (x0 + x1) / 2 + inn * (z0 + z1) / 2
                    lay.solids.append(Box((c[0], (y0 + y1) / 2, c[1]), ((x1 - x0) / 2, (y1 - y0) / 2, (z1 - z0) / 2), yaw, tag=want))
                lay.furniture.append({"kind": want, "category": cat, "corners": fp, "bottom": 0.0, "top": h,
                                      "mounted": False, "room": ri})
                room["inset"][i] = max(room["inset"][i], gap + dep + 0.5)
                if want == "counter":
                    cab_bottom = rng.uniform(1.45, 1.5)
                    cab_top = min(rng.uniform(2.1, 2.2), H - 0.1)
                    cdep = rng.uniform(0.32, 0.36)
                    c = origin + inn * (cdep / 2)
                    lay.solids.append(Box((c[0], (cab_bottom + cab_top) / 2, c[1]), (w / 2, (cab_top - cab_bottom) / 2, cdep / 2), yaw, tag="wall-cabinet"))
                    lay.furniture.append({"kind": "wall-cabinets", "category": "storage",
                                          "corners": _footprint(origin, d, inn, -w / 2, w / 2, 0, cdep),
                                          "bottom": cab_bottom, "top": cab_top, "mounted": True, "room": ri})
                    # A refrigerator at the counter's end, when wanted, stands right beside it.
                    if "fridge" in wanted:
                        fw, fd = rng.uniform(0.6, 0.75), rng.uniform(0.65, 0.72)
                        fh = min(rng.uniform(1.75, 1.95), H - 0.25)
                        side = 1 if a + w / 2 + 0.03 + fw < L - 0.02 else -1
                        fa = a + side * (w / 2 + 0.03 + fw / 2)
                        if 0.02 + fw / 2 <= fa <= L - 0.02 - fw / 2:
                            forigin = p0 + d * fa + inn * gap
                            ffp = _footprint(forigin, d, inn, -fw / 2, fw / 2, 0, fd)
                            if not any(_overlap(ffp, q, 0.02) for q in placed + door_zones) and _inside(ffp, poly):
                                placed.append(ffp)
                                c = forigin + inn * fd / 2
                                lay.solids.append(Box((c[0], fh / 2, c[1]), (fw / 2, fh / 2, fd / 2), yaw, tag="fridge"))
                                lay.furniture.append({"kind": "fridge", "category": "refrigerator", "corners": ffp,
                                                      "bottom": 0.0, "top": fh, "mounted": False, "room": ri})
                                room["inset"][i] = max(room["inset"][i], gap + fd + 0.5)
                        done.add("fridge")
                break
        room["placed"] = placed
        room["wants_table"] = "table" in wanted


def _footprint(origin, d, inn, x0, x1, z0, z1):
    pts = [origin + d * x0 + inn * z0, origin + d * x1 + inn * z0, origin + d * x1 + inn * z1, origin + d * x0 + inn * z1]
    return ccw([(float(p[0]), float(p[1])) for p in pts])


def _overlap(a, b, margin):
    """Separating-axis test of two convex footprints, grown by margin."""
    for poly in (a, b):
        for i in range(len(poly)):
            e = np.subtract(poly[(i + 1) % len(poly)], poly[i])
            n = np.array([-e[1], e[0]]) / np.linalg.norm(e)
            pa = [float(np.dot(p, n)) for p in a]
            pb = [float(np.dot(p, n)) for p in b]
            if max(pa) + margin < min(pb) or max(pb) + margin < min(pa):
                return False
    return True


def point_in_polygon(x, z, poly):
    """Vectorised even-odd test of points (arrays x, z) against a polygon."""
    inside = np.zeros(np.shape(x), dtype=bool)
    n = len(poly)
    for i in range(n):
        x0, z0 = poly[i]
        x1, z1 = poly[(i + 1) % n]
        cond = (z0 > z) != (z1 > z)
        with np.errstate(divide="ignore", invalid="ignore"):
            xi = x0 + (z - z0) * (x1 - x0) / (z1 - z0)
        inside ^= cond & (x < xi)
    return inside


def _inside(fp, poly):
    xs = np.array([p[0] for p in fp])
    zs = np.array([p[1] for p in fp])
    return bool(point_in_polygon(xs, zs, poly).all())


def _walk_loops(lay):
    """Each room's walk loop: the room's main rectangle moved in from each side by that side's inset
    (clear of the furniture along it; behind a chimney breast's front), with the corner of an L-shaped
    room's notch cut round it. Recess bays are looked into, not walked into."""
    for room in lay.rooms:
        poly = room["polygon"]
        x0, x1, d = room["x0"], room["x1"], room["depth"]
        shape = room["shape"]
        ins = {"left": 0.95, "right": 0.95, "front": 0.95, "back": 0.95, "nv": 0.95, "nh": 0.95}
        notch = shape.get("notch")
        chim = shape.get("chimney")
        for i in range(len(poly)):
            (ax, az), (bx, bz) = poly[i], poly[(i + 1) % len(poly)]
            e = room["inset"][i]
            if abs(ax - bx) < 1e-9:  # runs along z
                if abs(ax - x0) < 1e-9:
                    key = "left"
                elif abs(ax - x1) < 1e-9:
                    key = "right"
                elif notch and min(az, bz) < d - 1e-9 and max(az, bz) > d - notch[2] - 1e-9 and abs(min(az, bz) - (d - notch[2])) < 1e-9:
                    key = "nv"
                else:
                    continue
            else:
                if abs(az) < 1e-9:
                    key = "front"
                elif abs(az - d) < 1e-9:
                    key = "back"
                elif chim and abs(az - (d - chim[2])) < 1e-9:
                    key, e = "back", e + chim[2]
                elif notch and abs(az - (d - notch[2])) < 1e-9:
                    key = "nh"
                else:
                    continue
            ins[key] = max(ins[key], e)
        lx, rx, fz, bz = x0 + ins["left"], x1 - ins["right"], ins["front"], d - ins["back"]
        loop = [(lx, fz), (rx, fz), (rx, bz), (lx, bz)]
        if notch:
            side, nw, nd = notch
            hz = d - nd - ins["nh"]
            if side == "left":
                vx = x0 + nw + ins["nv"]
                if vx < rx - 0.5 and hz > fz + 0.5:
                    loop = [(lx, fz), (rx, fz), (rx, bz), (vx, bz), (vx, hz), (lx, hz)]
                else:
                    loop = [(lx, fz), (rx, fz), (rx, min(bz, hz)), (lx, min(bz, hz))]
            else:
                vx = x1 - nw - ins["nv"]
                if vx > lx + 0.5 and hz > fz + 0.5:
                    loop = [(lx, fz), (rx, fz), (rx, hz), (vx, hz), (vx, bz), (lx, bz)]
                else:
                    loop = [(lx, fz), (rx, fz), (rx, min(bz, hz)), (lx, min(bz, hz))]
        if rx - lx < 0.3 or loop[2][1] - fz < 0.3:
            raise ValueError(f"room {room['label']}: no room left to walk (insets {ins})")
        room["loop"] = loop
        _place_table(room, lay)


def _place_table(room, lay):
    if not room.get("wants_table") or len(room["loop"]) < 3:
        return
    loop = np.array(room["loop"])
    lo, hi = loop.min(axis=0), loop.max(axis=0)
    size = hi - lo
    if size.min() < 2.0:
        return
    c = (lo + hi) / 2
    w = min(1.4, size.max() - 1.2)
    dep = min(0.85, size.min() - 1.2)
    if w < 0.8 or dep < 0.6:
        return
    yaw = lay.table_yaw.pop(0) if getattr(lay, "table_yaw", None) else 0.3
    top = lay.table_top.pop(0) if getattr(lay, "table_top", None) else 0.74
    ca, sa = math.cos(yaw), math.sin(yaw)
    ax, az = np.array([ca, sa]), np.array([-sa, ca])
    fp = ccw([tuple(c + ax * sx * w / 2 + az * sz * dep / 2) for sx, sz in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
    if any(_overlap(fp, q, 0.3) for q in room["placed"]):
        return
    fx = np.array([p[0] for p in fp])
    fz = np.array([p[1] for p in fp])
    if not point_in_polygon(fx, fz, room["loop"]).all():
        return
    lay.solids.append(Box((c[0], top - 0.02, c[1]), (w / 2, 0.02, dep / 2), yaw, tag="table"))
    for sx in (-1, 1):
        for sz in (-1, 1):
            lc = c + ax * sx * (w / 2 - 0.06) + az * sz * (dep / 2 - 0.06)
            lay.solids.append(Box((lc[0], (top - 0.04) / 2, lc[1]), (0.025, (top - 0.04) / 2, 0.025), yaw, tag="table"))
    lay.furniture.append({"kind": "table", "category": "table", "corners": fp, "bottom": 0.0, "top": top,
                          "mounted": False, "room": lay.rooms.index(room)})
    room["table"] = fp
