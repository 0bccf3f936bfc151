#!/usr/bin/env python3
"""Compare Fathom's surface finder with PCL's SACSegmentation on the same crowded scenes.

Runs `fathom-bench --reports --filter surfaces/crowded` with FATHOM_CROWDED_EXPORT, which writes every
case (raw float32 x y z), Fathom's median per-call thread CPU time (typed search, no conversions,
index built beforehand), whether Fathom found the object, and the truth; builds the C++ peer
(scripts/peer-pcl.cpp) against the installed PCL and runs it on the same cases in the same session:
the points within 4 x the seed radius of the seed (the crop, timed apart), then RANSAC with a
3 x accuracy threshold and PCL's refinement (cylinders and cones with normals from 20 neighbours,
timed with the call). PCL 1.13 has no torus model.

Prints per type, size and noise: Fathom's found rate and median ms, PCL's found rate and median ms
(without the crop, and the crop's own median), and the ratio PCL / Fathom; then, for a fair reading,
the inliers each returns (PCL's come from the crop only, so on a large plane it returns a part of
what Fathom grows over) and the time per returned inlier, microseconds.

Skips (exit 0) when PCL's headers, pkg-config or a C++ compiler are missing (Debian: apt-get install
libpcl-dev). Usage:
  python3 scripts/peer-pcl.py [--bench PATH] [--sizes 10000,100000] [--noises 1,5,20]
                              [--kinds plane,sphere,cylinder,cone] [--trials N]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

import crowded_cases

PCL_MODULES = ["pcl_segmentation", "pcl_features", "pcl_search", "pcl_sample_consensus", "pcl_kdtree", "pcl_common"]


def pcl_flags():
    """The compiler flags for PCL, or None when PCL (or pkg-config, or a compiler) is missing."""
    if shutil.which("pkg-config") is None or shutil.which("g++") is None:
        return None
    for version in ["", "-1.14", "-1.13", "-1.12"]:
        names = [m + version for m in PCL_MODULES]
        probe = subprocess.run(["pkg-config", "--cflags", "--libs"] + names, capture_output=True, text=True)
        if probe.returncode == 0:
            return probe.stdout.split()
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench", default="Benchmarks/.build/release/fathom-bench")
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--noises", default="1,5,20")
    parser.add_argument("--kinds", default="plane,sphere,cylinder,cone")
    parser.add_argument("--trials", type=int, default=3)
    args = parser.parse_args()
    flags = pcl_flags()
    if flags is None:
        print("skipped: PCL not found (pkg-config pcl_segmentation; Debian: apt-get install libpcl-dev)")
        return 0
    if not os.path.exists(args.bench):
        print(f"skipped: {args.bench} not built (swift build -c release --package-path Benchmarks)")
        return 0
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as folder:
        peer = os.path.join(folder, "peer-pcl")
        subprocess.run(["g++", "-O2", "-std=c++17", "-w", os.path.join(here, "peer-pcl.cpp"), "-o", peer] + flags,
                       check=True)
        cases = os.path.join(folder, "cases")
        os.makedirs(cases, exist_ok=True)
        table, rows = crowded_cases.export(args.bench, cases, args.sizes, args.kinds, args.noises, args.trials)
        print(table)
        env = dict(os.environ, OMP_NUM_THREADS="1")
        # Fathom's inlier count is the last column (absent from older benchmarks: 0).
        ours = {row[0]: (float(row[5]), row[6] == "1", int(row[8]) if len(row) > 8 else 0) for row in rows}
        result = subprocess.run([peer, cases], env=env, capture_output=True, text=True, check=True).stdout
        groups = {}
        for line in result.splitlines():
            name, crop_ms, pcl_ms, found, crop_points, inliers = line.split("\t")
            kind, points, noise, _ = name.split("-")
            key = (kind, int(points), noise)
            groups.setdefault(key, []).append(
                (ours[name], float(crop_ms), float(pcl_ms), found == "1", int(crop_points), int(inliers)))
    print()
    print("PCL SACSegmentation (RANSAC, 3 x accuracy, p 0.99, <= 1000 iterations, refined) on the crop of")
    print("4 x the seed radius, same cases, same session; thread CPU ms, medians over cases")
    print("type      points noise  fathom found%  fathom ms   pcl found%  pcl ms  crop ms  crop pts   pcl/fathom"
          "  fathom inl   pcl inl  fathom us/inl  pcl us/inl")
    for (kind, points, noise), cases_ in sorted(groups.items(), key=lambda kv: (args.kinds.split(",").index(kv[0][0]), kv[0][1], int(kv[0][2][:-2]))):
        fathom_ms = statistics.median(c[0][0] for c in cases_)
        fathom_found = 100 * sum(c[0][1] for c in cases_) / len(cases_)
        crop_ms = statistics.median(c[1] for c in cases_)
        pcl_ms = statistics.median(c[2] for c in cases_)
        pcl_found = 100 * sum(c[3] for c in cases_) / len(cases_)
        crop_points = statistics.median(c[4] for c in cases_)
        fathom_inliers = statistics.median(c[0][2] for c in cases_)
        pcl_inliers = statistics.median(c[5] for c in cases_)
        fathom_per = statistics.median(1000 * c[0][0] / max(c[0][2], 1) for c in cases_)
        pcl_per = statistics.median(1000 * c[2] / max(c[5], 1) for c in cases_)
        print(f"{kind:<8} {points:>7} {noise:>5} {fathom_found:>13.0f} {fathom_ms:>10.2f} {pcl_found:>12.0f} "
              f"{pcl_ms:>7.2f} {crop_ms:>8.2f} {crop_points:>9.0f} {pcl_ms / fathom_ms:>12.1f}"
              f" {fathom_inliers:>11.0f} {pcl_inliers:>9.0f} {fathom_per:>14.3f} {pcl_per:>11.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
