#!/usr/bin/env python3
"""Compare Fathom's plane search with Open3D's RANSAC plane segmentation on the same crowded scenes.

Runs `fathom-bench --reports --filter surfaces/crowded` for planes (10 k / 100 k / 1 M points,
1 / 5 / 20 mm noise, several seeds), which writes every case (raw float32 x y z) and Fathom's median
per-call thread CPU time (typed search, index built beforehand) to a folder; then times Open3D's
`segment_plane` on each case in this process, one thread:

- "crop": the points within 4 x the seed radius of the seed (as a user's seed selects them; the crop
  itself is timed apart, with a numpy distance test), RANSAC with a 3 x accuracy threshold, 100
  iterations (enough for the crop's inlier share);
- "full": the whole cloud, same settings (Open3D then usually finds the ground, not the object).

Prints per size and noise the medians and the ratios Open3D / Fathom (Fathom's found rate is in the
benchmark's own table, printed first).

Skips (exit 0) when open3d or numpy is not installed. Usage:
  python3 scripts/peer-plane-segmentation.py [--bench PATH] [--sizes 10000,100000,1000000] [--trials N]
"""
import argparse
import os
import sys
import tempfile
import time

import crowded_cases

try:
    import numpy as np
    import open3d as o3d
except ImportError as error:  # the peer is optional
    print(f"skipped: {error}")
    sys.exit(0)


def thread_ms():
    return time.thread_time() * 1000.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench", default="Benchmarks/.build/release/fathom-bench")
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--noises", default="1,5,20")
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=100)
    args = parser.parse_args()
    if not os.path.exists(args.bench):
        print(f"skipped: {args.bench} not built (swift build -c release --package-path Benchmarks)")
        return 0
    o3d.utility.set_verbosity_level(o3d.utility.VerbosityLevel.Error)
    with tempfile.TemporaryDirectory() as folder:
        table, rows = crowded_cases.export(args.bench, folder, args.sizes, "plane", args.noises, args.trials)
        print(table)
        groups = {}
        for name, points, seed, seed_radius, accuracy, fathom_ms in (row[:6] for row in rows):
            xyz = np.fromfile(os.path.join(folder, name + ".f32"), dtype="<f4").reshape(-1, 3).astype(np.float64)
            seed_point = xyz[int(seed)]
            t0 = thread_ms()
            crop = xyz[np.sum((xyz - seed_point) ** 2, axis=1) <= (4 * float(seed_radius)) ** 2]
            crop_ms = thread_ms() - t0
            times = {}
            for label, cloud_points in (("crop", crop), ("full", xyz)):
                cloud = o3d.geometry.PointCloud(o3d.utility.Vector3dVector(cloud_points))
                t0 = thread_ms()
                model, inliers = cloud.segment_plane(distance_threshold=3 * float(accuracy), ransac_n=3,
                                                     num_iterations=args.iterations)
                times[label] = (thread_ms() - t0, np.array(model[:3]), len(inliers))
            size, noise = int(points), float(accuracy)
            groups.setdefault((size, noise), []).append((float(fathom_ms), crop_ms, times))
        print()
        print("Open3D segment_plane vs Fathom plane search, thread CPU ms per call (medians), one thread")
        print(f"{'points':>8} {'noise':>6} {'cases':>5} {'fathom':>8} {'o3d crop':>9} {'(+crop)':>8} "
              f"{'o3d full':>9} {'crop/fathom':>12} {'full/fathom':>12}")
        for (size, noise), cases in sorted(groups.items()):
            fathom = float(np.median([c[0] for c in cases]))
            crop_cut = float(np.median([c[1] for c in cases]))
            crop = float(np.median([c[2]["crop"][0] for c in cases]))
            full = float(np.median([c[2]["full"][0] for c in cases]))
            print(f"{size:>8} {noise * 1000:>4.0f}mm {len(cases):>5} {fathom:>8.2f} {crop:>9.2f} {crop_cut:>8.2f} "
                  f"{full:>9.2f} {crop / fathom:>12.1f} {full / fathom:>12.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
