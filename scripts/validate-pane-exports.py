#!/usr/bin/env python3
"""Opens Fathom's soap-film pane exports with independent readers and checks their structure.

Usage: scripts/validate-pane-exports.py FILE.usda|FILE.gltf ...
       scripts/validate-pane-exports.py            (exports two panes with `swift run fathom` first)

USDA files are opened with Pixar's USD (`pip install usd-core`); when it is not installed they are
skipped (exit code 0, "skipped" printed). glTF files are checked with the standard library only:
accessor sizes and bounds against the embedded buffer, index ranges, triangle counts.
"""
import base64
import json
import os
import struct
import subprocess
import sys
import tempfile


def check_usda(path):
    try:
        from pxr import Usd, UsdGeom
    except ImportError:
        print(f"skipped {path}: usd-core is not installed (pip install usd-core)")
        return
    stage = Usd.Stage.Open(path)
    assert stage, f"{path}: USD cannot open it"
    assert UsdGeom.GetStageUpAxis(stage) == "Y", "up axis must be Y"
    assert UsdGeom.GetStageMetersPerUnit(stage) == 1.0, "metersPerUnit must be 1"
    meshes = [p for p in stage.Traverse() if p.IsA(UsdGeom.Mesh)]
    assert meshes, f"{path}: no Mesh prims"
    for prim in meshes:
        mesh = UsdGeom.Mesh(prim)
        points = mesh.GetPointsAttr().Get()
        counts = mesh.GetFaceVertexCountsAttr().Get()
        indices = mesh.GetFaceVertexIndicesAttr().Get()
        assert sum(counts) == len(indices), f"{prim.GetPath()}: face counts and indices disagree"
        assert all(0 <= i < len(points) for i in indices), f"{prim.GetPath()}: index out of range"
        ok, reason = UsdGeom.Mesh.ValidateTopology(indices, counts, len(points))
        assert ok, f"{prim.GetPath()}: {reason}"
        color = UsdGeom.PrimvarsAPI(prim).GetPrimvar("displayColor")
        assert color.GetInterpolation() == UsdGeom.Tokens.vertex, "displayColor must be per vertex"
        colors = color.Get()
        assert len(colors) == len(points), f"{prim.GetPath()}: {len(colors)} colours for {len(points)} points"
        assert all(0 <= c <= 1 for rgb in colors for c in rgb), "colours must be in 0…1"
        thickness = UsdGeom.PrimvarsAPI(prim).GetPrimvar("filmThickness").Get()
        assert len(thickness) == len(points)
        parent = UsdGeom.Xformable(prim.GetParent())
        world = parent.ComputeLocalToWorldTransform(Usd.TimeCode.Default())
        anchor_id = prim.GetParent().GetAttribute("fathom:anchorId").Get()
        print(f"ok {prim.GetPath()}: {len(points)} points, {len(counts)} faces, anchor {anchor_id}, "
              f"origin at {tuple(round(v, 4) for v in world.ExtractTranslation())}")


def check_gltf(path):
    with open(path) as f:
        doc = json.load(f)
    assert doc["asset"]["version"] == "2.0"
    prefix = "data:application/octet-stream;base64,"
    uri = doc["buffers"][0]["uri"]
    assert uri.startswith(prefix), "the buffer must be embedded"
    buffer = base64.b64decode(uri[len(prefix):])
    assert len(buffer) == doc["buffers"][0]["byteLength"]
    sizes = {"SCALAR": 1, "VEC3": 3, "VEC4": 4}
    def read(index):
        acc = doc["accessors"][index]
        view = doc["bufferViews"][acc["bufferView"]]
        n = acc["count"] * sizes[acc["type"]]
        fmt = {5126: "f", 5125: "I"}[acc["componentType"]]
        start = view["byteOffset"] + acc.get("byteOffset", 0)
        assert start % 4 == 0 and start + 4 * n <= view["byteOffset"] + view["byteLength"] <= len(buffer)
        return acc, struct.unpack_from("<%d%s" % (n, fmt), buffer, start)
    for node in doc["scenes"][doc["scene"]]["nodes"]:
        node = doc["nodes"][node]
        assert len(node["matrix"]) == 16
        for prim in doc["meshes"][node["mesh"]]["primitives"]:
            acc, pos = read(prim["attributes"]["POSITION"])
            for axis in range(3):
                values = pos[axis::3]
                assert abs(min(values) - acc["min"][axis]) < 1e-6 and abs(max(values) - acc["max"][axis]) < 1e-6
            _, colors = read(prim["attributes"]["COLOR_0"])
            assert len(colors) == len(pos) and all(0 <= c <= 1 for c in colors)
            _, normals = read(prim["attributes"]["NORMAL"])
            assert len(normals) == len(pos)
            _, indices = read(prim["indices"])
            assert len(indices) % 3 == 0 and max(indices) < len(pos) // 3
            print(f"ok {path} {node['name']}: {len(pos) // 3} vertices, {len(indices) // 3} triangles")


def main(paths):
    if not paths:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        out = tempfile.mkdtemp()
        paths = [os.path.join(out, "pane.usda"), os.path.join(out, "pane.gltf")]
        subprocess.run(["swift", "run", "fathom", "thinfilm", "--pane-usda", paths[0], "--pane-gltf", paths[1],
                        "--seed", "7"], cwd=root, check=True)
    for path in paths:
        if path.endswith(".usda"):
            check_usda(path)
        elif path.endswith(".gltf"):
            check_gltf(path)
        else:
            sys.exit(f"{path}: expected .usda or .gltf")


if __name__ == "__main__":
    main(sys.argv[1:])
