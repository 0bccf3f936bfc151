"""An iPhone-LiDAR-like depth sensor and a handheld walk, for the independent room-scan generator.

Sensor model, from public descriptions of the iPhone/iPad Pro LiDAR and ARKit's scene depth: a 256 × 192
depth map (landscape, the sensor's native image) with the field of view of the 1920 × 1440 wide camera,
metres along the optical axis, range up to 5 m; the map is interpolated from a sparse dot pattern, so
its noise is partly smooth over the image (a low-frequency field) and partly per pixel, both growing
with distance and at grazing incidence; depth edges carry "flying pixels" (depths between the
foreground and the background) of mostly low confidence; confidence is 0/1/2 (low/medium/high);
some readings drop out (single pixels and small blobs), and far or grazing returns are missing.
"""

import math

import numpy as np

from rooms import signed_area

WIDTH, HEIGHT = 256, 192
IMAGE_W, IMAGE_H = 1920, 1440
MAX_RANGE = 5.0


def intrinsics(rng):
    """K of the 1920 × 1440 camera image: an iPhone Pro wide camera, focal length 1440–1600 px."""
    f = rng.uniform(1440, 1600)
    return np.array([[f, 0, IMAGE_W / 2 + rng.uniform(-6, 6)], [0, f, IMAGE_H / 2 + rng.uniform(-6, 6)], [0, 0, 1]])


class Scene:
    """The layout's solids as arrays for vectorised ray casting, with the floor and ceiling planes."""

    def __init__(self, layout):
        b = layout.solids
        self.centre = np.array([s.centre for s in b])
        self.half = np.array([s.half for s in b])
        self.cos = np.array([math.cos(s.yaw) for s in b])
        self.sin = np.array([math.sin(s.yaw) for s in b])
        self.radius = np.linalg.norm(self.half, axis=1)
        self.ceiling = layout.ceiling
        self.bounds = layout.bounds
        self.halls = layout.halls

    def _inside_floor(self, x, z):
        x0, z0, x1, z1 = self.bounds
        ok = (x >= x0) & (x <= x1) & (z >= z0) & (z <= z1)
        for (a0, b0, a1, b1) in self.halls:
            ok |= (x >= a0) & (x <= a1) & (z >= b0) & (z <= b1)
        return ok

    def cast(self, origin, dirs, forward, fov_cos):
        """Range (m, inf for no hit) and |cos| of the incidence for unit rays dirs (N, 3) from origin."""
        n = dirs.shape[0]
        best = np.full(n, np.inf)
        inc = np.ones(n)
        dy = dirs[:, 1]
        with np.errstate(divide="ignore", invalid="ignore"):
            tf = np.where(dy < -1e-9, -origin[1] / dy, np.inf)
            tc = np.where(dy > 1e-9, (self.ceiling - origin[1]) / dy, np.inf)
        for t in (tf, tc):
            p = origin[None, :] + dirs * np.where(np.isfinite(t), t, 0)[:, None]
            ok = np.isfinite(t) & self._inside_floor(p[:, 0], p[:, 2]) & (t < best)
            best[ok] = t[ok]
            inc[ok] = np.abs(dy[ok])
        half_angle = math.acos(fov_cos)
        for k in range(len(self.centre)):
            v = self.centre[k] - origin
            dist = np.linalg.norm(v)
            r = self.radius[k]
            if dist - r > MAX_RANGE + 0.5:
                continue
            if dist > r:
                # Cull boxes whose bounding sphere lies wholly outside the cone round the view direction.
                angle = math.acos(max(-1.0, min(1.0, float(v @ forward) / dist)))
                if angle - math.asin(r / dist) > half_angle:
                    continue
            c, s = self.cos[k], self.sin[k]
            o = origin - self.centre[k]
            lo = np.array([o[0] * c + o[2] * s, o[1], -o[0] * s + o[2] * c])
            ld = np.stack([dirs[:, 0] * c + dirs[:, 2] * s, dirs[:, 1], -dirs[:, 0] * s + dirs[:, 2] * c], axis=1)
            h = self.half[k]
            with np.errstate(divide="ignore", invalid="ignore"):
                inv = 1.0 / np.where(np.abs(ld) < 1e-12, 1e-12, ld)
                t1 = (-h - lo) * inv
                t2 = (h - lo) * inv
            tn = np.minimum(t1, t2)
            tfar = np.maximum(t1, t2).min(axis=1)
            axis = tn.argmax(axis=1)
            tnear = tn[np.arange(n), axis]
            hit = (tnear <= tfar) & (tnear > 1e-6) & (tnear < best)
            best[hit] = tnear[hit]
            inc[hit] = np.abs(ld[hit, axis[hit]])
        return best, inc


class DepthSensor:
    def __init__(self, K, rng, noise="full", size=(WIDTH, HEIGHT)):
        """noise: "full" (the model above), "white" (per-pixel noise only, no smooth field: a
        diagnostic) or "none" (exact depths, no flying pixels nor dropouts: a diagnostic)."""
        self.noise = noise
        self.width, self.height = size
        sx, sy = self.width / IMAGE_W, self.height / IMAGE_H
        self.fx, self.fy = K[0, 0] * sx, K[1, 1] * sy
        self.cx, self.cy = K[0, 2] * sx, K[1, 2] * sy
        u, v = np.meshgrid(np.arange(self.width) + 0.5, np.arange(self.height) + 0.5)
        x = (u - self.cx) / self.fx
        y = (v - self.cy) / self.fy
        d = np.stack([x, y, np.ones_like(x)], axis=-1).reshape(-1, 3)
        self.zcos = 1.0 / np.linalg.norm(d, axis=1)  # depth = range · cos(angle to the optical axis)
        self.dirs_cam = d * self.zcos[:, None]  # OpenCV axes: x right, y down, z forward
        corner = np.array([(self.width - self.cx) / self.fx, (self.height - self.cy) / self.fy, 1.0])
        self.fov_cos = 1.0 / np.linalg.norm(corner)
        self.rng = rng

    @staticmethod
    def sigma(depth):
        """Depth noise (m, one sigma) at a depth (m): a few millimetres at 1 m, growing with its square."""
        return 0.002 + 0.0025 * depth * depth

    def capture(self, scene, origin, R):
        """A depth map (m, 0 = no reading) and a confidence map (0/1/2) from a camera at origin whose
        axes (OpenCV: right, down, forward) are the columns of R, all in the layout frame."""
        rng = self.rng
        dirs = self.dirs_cam @ R.T
        rng_m, inc = scene.cast(origin, dirs, R[:, 2], self.fov_cos)
        depth = (rng_m * self.zcos).reshape(self.height, self.width)
        inc = inc.reshape(self.height, self.width)
        valid = np.isfinite(depth) & (depth < MAX_RANGE)
        depth = np.where(valid, depth, 0.0)
        # Noise: a smooth field (bilinear from an 8 × 6 grid) and per-pixel noise, both ∝ sigma(depth),
        # stronger at grazing incidence.
        coarse = rng.normal(size=(7, 9))
        gy = np.linspace(0, 6, self.height)
        gx = np.linspace(0, 8, self.width)
        y0 = np.minimum(gy.astype(int), 5)
        x0 = np.minimum(gx.astype(int), 7)
        fy = (gy - y0)[:, None]
        fx = (gx - x0)[None, :]
        smooth = (coarse[y0][:, x0] * (1 - fy) * (1 - fx) + coarse[y0 + 1][:, x0] * fy * (1 - fx)
                  + coarse[y0][:, x0 + 1] * (1 - fy) * fx + coarse[y0 + 1][:, x0 + 1] * fy * fx)
        grazing = 1.0 / np.sqrt(np.clip(inc, 0.2, 1.0))
        sig = self.sigma(depth) * grazing
        smooth_weight = 0.8 if self.noise == "full" else 0.0
        noisy = depth + sig * (smooth_weight * smooth + 0.6 * rng.normal(size=depth.shape))
        if self.noise == "none":
            conf = np.where(valid, 2, 0).astype(np.uint8)
            return depth, conf
        conf = np.full(depth.shape, 2, dtype=np.uint8)
        conf[(depth > 3.0) | (inc < 0.3)] = 1
        conf[(depth > 4.5) | (inc < 0.12)] = 0
        conf[(conf == 2) & (rng.random(depth.shape) < 0.03)] = 1
        # Flying pixels at depth edges: a pixel beside a jump takes a depth between its own and its
        # neighbour's, mostly with low confidence.
        for axis in (0, 1):
            for shift in (1, -1):
                nb = np.roll(depth, shift, axis=axis)
                jump = valid & (nb > 0) & (np.abs(nb - depth) > np.maximum(0.08, 0.05 * depth))
                if axis == 0:
                    jump[0 if shift == 1 else -1, :] = False
                else:
                    jump[:, 0 if shift == 1 else -1] = False
                fly = jump & (rng.random(depth.shape) < 0.5)
                t = rng.uniform(0.15, 0.85, size=depth.shape)
                noisy = np.where(fly, depth + t * (nb - depth), noisy)
                lowc = fly & (rng.random(depth.shape) < 0.7)
                conf[lowc] = 0
                conf[fly & ~lowc] = np.minimum(conf[fly & ~lowc], 1)
        # Dropouts: single pixels and a few blobs.
        drop = rng.random(depth.shape) < 0.01
        for _ in range(int(rng.integers(0, 4))):
            cy, cx, rad = rng.uniform(0, self.height), rng.uniform(0, self.width), rng.uniform(2, 8) * self.width / WIDTH
            yy, xx = np.ogrid[:self.height, :self.width]
            drop |= (yy - cy) ** 2 + (xx - cx) ** 2 < rad * rad
        far = valid & (depth > 4.0) & (rng.random(depth.shape) < (depth - 4.0))
        keep = valid & ~drop & ~far & (noisy > 0.05)
        out = np.where(keep, noisy, 0.0)
        conf = np.where(keep, conf, 0).astype(np.uint8)
        return out, conf


def camera_axes(heading, pitch, roll):
    """Columns right, down, forward (OpenCV) in the layout frame (+y up) for a heading (radians, the
    forward direction (cos, 0, sin) in x, z), a pitch (radians, + up) and a roll about forward."""
    f = np.array([math.cos(pitch) * math.cos(heading), math.sin(pitch), math.cos(pitch) * math.sin(heading)])
    up = np.array([0.0, 1.0, 0.0])
    r = np.cross(f, up)
    r /= np.linalg.norm(r)
    d = np.cross(f, r)
    c, s = math.cos(roll), math.sin(roll)
    r2 = c * r + s * d
    d2 = -s * r + c * d
    return np.stack([r2, d2, f], axis=1)


def _polyline_points(points, speed, rate):
    """Positions along a polyline at a walking speed, sampled at rate (Hz), with travel headings."""
    pts = [np.asarray(p, float) for p in points]
    out, heads = [], []
    carry = 0.0
    step = speed / rate
    for a, b in zip(pts[:-1], pts[1:]):
        seg = b - a
        L = float(np.linalg.norm(seg))
        if L < 1e-9:
            continue
        u = seg / L
        s = carry
        while s < L:
            out.append(a + u * s)
            heads.append(math.atan2(u[1], u[0]))
            s += step
        carry = s - L
    return out, heads


def walk(layout, rng, rate):
    """A handheld walk: in each room a slow turn on the spot from a corner of its walk loop (looking
    across the room), then round the loop looking mostly at the walls ahead and beside, then through
    the door into the next room. Returns times (s), positions (x, y, z) and camera axes (layout frame)."""
    speed = rng.uniform(0.55, 0.75)
    eye = rng.uniform(1.2, 1.6)
    pitch0 = math.radians(rng.uniform(-18, -8))
    look_out = math.radians(rng.uniform(45, 65))
    period = rng.uniform(5, 8)
    phase = rng.uniform(0, 2 * math.pi)
    pos, head = [], []
    rooms = layout.rooms
    doors = [o for o in layout.openings if o["kind"] == "door" and len({e[0] for e in o.get("edges", [])}) == 2]
    start_index = 0
    for ri, room in enumerate(rooms):
        loop = [np.asarray(p) for p in room["loop"]]
        if len(loop) < 3:
            continue
        sign = 1 if signed_area(loop) > 0 else -1
        loop = loop[start_index:] + loop[:start_index]
        # Turn on the spot at the first corner, starting towards the room's middle.
        centre = np.mean(np.array(room["polygon"]), axis=0)
        h0 = math.atan2(centre[1] - loop[0][1], centre[0] - loop[0][0])
        turn_time = rng.uniform(10, 14)
        n = int(turn_time * rate)
        for k in range(n):
            pos.append(loop[0].copy())
            head.append(h0 + 2 * math.pi * k / n)
        # Round the loop (back to the start corner), looking out towards the walls.
        pts, travel = _polyline_points(loop + [loop[0]], speed, rate)
        t0 = len(pos)
        for k, (p, h) in enumerate(zip(pts, travel)):
            swing = look_out + math.radians(30) * math.sin(2 * math.pi * (t0 + k) / rate / period + phase)
            # Outward (towards the wall) is to the right of travel for a loop whose shoelace sum is
            # positive in (x, z) coordinates, else to the left.
            pos.append(p)
            head.append(h - sign * swing)
        if ri + 1 < len(rooms):
            door = next((o for o in doors if ri in {e[0] for e in o["edges"]} and ri + 1 in {e[0] for e in o["edges"]}), None)
            if door is None:
                break
            c = np.array(door["centre"])
            nrm = np.array([1.0, 0.0])  # partitions run along z; rooms lie in a row along x
            a = c - nrm * (door["through"] / 2 + 0.7)
            b = c + nrm * (door["through"] / 2 + 0.7)
            k_exit = int(np.argmin([np.linalg.norm(p - a) for p in loop]))
            nxt = [np.asarray(p) for p in rooms[ri + 1]["loop"]]
            start_index = int(np.argmin([np.linalg.norm(p - b) for p in nxt]))
            path = loop[: k_exit + 1] + [a, c, b, nxt[start_index]]
            pts, travel = _polyline_points(path, speed, rate)
            pos += pts
            head += travel
    head = np.unwrap(np.array(head))
    # Smooth the heading (a hand turns gradually): a moving average over about 0.8 s.
    w = max(1, int(0.8 * rate))
    kernel = np.ones(w) / w
    head = np.convolve(np.pad(head, (w // 2, w - 1 - w // 2), mode="edge"), kernel, mode="valid")
    pos = np.array(pos)
    n = len(pos)
    t = np.arange(n) / rate
    # Wobble: pitch and roll a few degrees, the height bobbing with the steps, a little sway.
    wob = lambda amp, per: amp * np.sin(2 * np.pi * t / per + rng.uniform(0, 2 * np.pi))
    pitch = pitch0 + np.radians(wob(3.0, rng.uniform(2.5, 4)) + wob(1.5, rng.uniform(0.7, 1.1)))
    roll = np.radians(wob(2.5, rng.uniform(3, 5)) + wob(1.0, rng.uniform(0.6, 0.9)))
    y = eye + wob(0.02, 0.55) + wob(0.03, rng.uniform(6, 9))
    sway = wob(0.015, 1.1)
    xyz = np.stack([pos[:, 0] + sway * np.sin(head), y, pos[:, 1] - sway * np.cos(head)], axis=1)
    axes = [camera_axes(h, p, r) for h, p, r in zip(head, pitch, roll)]
    return t, xyz, axes


def drift(t, xyz, axes, rng):
    """Recorded poses of a visual-inertial tracker that drifts: a turn about the vertical through the
    start growing with time (gyro bias left after the visual correction) and with the net turn made
    (a scale error: turning back undoes it), and a shift growing with the distance walked along a
    slowly wandering horizontal direction (a little vertical). Returns the recorded positions and
    axes, and the final yaw (degrees) and shift (m)."""
    n = len(t)
    dt = np.diff(t, prepend=t[0])
    heads = np.unwrap(np.array([math.atan2(a[2, 2], a[0, 2]) for a in axes]))
    bias = math.radians(rng.uniform(0.3, 1.0)) / 60 * rng.choice([-1, 1])
    scale = rng.uniform(0.0005, 0.001) * rng.choice([-1, 1])
    yaw = np.cumsum(bias * dt) + scale * (heads - heads[0])
    step = np.linalg.norm(np.diff(xyz, axis=0, prepend=xyz[:1]), axis=1)
    rate = rng.uniform(0.002, 0.005)
    ang = rng.uniform(0, 2 * math.pi) + np.cumsum(rng.normal(0, math.radians(10), n) * np.sqrt(dt + 1e-12))
    vert = rng.uniform(-0.15, 0.15)
    shift = np.cumsum(np.stack([np.cos(ang), np.full(n, vert), np.sin(ang)], axis=1) * (rate * step)[:, None], axis=0)
    p0 = xyz[0]
    rec_xyz = np.empty_like(xyz)
    rec_axes = []
    for i in range(n):
        c, s = math.cos(yaw[i]), math.sin(yaw[i])
        Ry = np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])
        rec_xyz[i] = Ry @ (xyz[i] - p0) + p0 + shift[i]
        rec_axes.append(Ry @ axes[i])
    return rec_xyz, rec_axes, math.degrees(yaw[-1]), float(np.linalg.norm(shift[-1]))
