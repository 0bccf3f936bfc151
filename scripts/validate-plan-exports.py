#!/usr/bin/env python3
"""Validate Fathom floor plan exports with third-party readers.

Usage: validate-plan-exports.py FILE...   (.dxf, .usda, .usdz, .svg)

- .dxf  is loaded with ezdxf (https://ezdxf.mozman.net); the script checks the DXF version (R12),
        that the layers WALLS, OPENINGS, ROOMS, TEXT exist, that ezdxf's auditor finds no errors,
        and prints the entity counts per layer and type.
- .usda/.usdz are opened with usd-core's `pxr` (Usd.Stage.Open); the script checks the up axis
        (Y), metres per unit (1), the default prim, that every Mesh has points and faces whose
        vertex counts add up to its index count, runs USD's own validators (UsdValidation, with
        the USDZ package rules) when the installed USD has them, and, for .usdz, checks that the
        archive is stored (uncompressed) with every file's data 64-byte aligned (this part needs
        only the standard library).
- .svg  is parsed as XML (standard library) and must have an <svg> root element.

A file type whose module is not installed is skipped with a message. Exit status: 0 when every
checked file passed or was skipped, 1 when a check failed, 2 on bad usage.
"""
import os
import sys
import zipfile
import xml.etree.ElementTree as ET

REQUIRED_LAYERS = ["WALLS", "OPENINGS", "ROOMS", "TEXT"]


def check_dxf(path):
    try:
        import ezdxf
        from ezdxf import recover
    except ImportError:
        print(f"skip {path}: the ezdxf module is not installed (pip install ezdxf)")
        return True
    try:
        doc = ezdxf.readfile(path)
    except Exception as error:  # ezdxf raises several error types for broken files
        print(f"FAIL {path}: ezdxf cannot read it: {error}")
        return False
    ok = True
    if doc.dxfversion != "AC1009":
        print(f"FAIL {path}: DXF version {doc.dxfversion}, expected AC1009 (R12)")
        ok = False
    names = {layer.dxf.name.upper() for layer in doc.layers}
    for layer in REQUIRED_LAYERS:
        if layer not in names:
            print(f"FAIL {path}: layer {layer} is missing")
            ok = False
    auditor = doc.audit()
    if auditor.has_errors:
        print(f"FAIL {path}: ezdxf's auditor reports {len(auditor.errors)} errors")
        auditor.print_error_report()
        ok = False
    counts = {}
    for entity in doc.modelspace():
        key = (entity.dxf.layer, entity.dxftype())
        counts[key] = counts.get(key, 0) + 1
    if not counts:
        print(f"FAIL {path}: no entities")
        ok = False
    summary = ", ".join(f"{layer}/{kind} {n}" for (layer, kind), n in sorted(counts.items()))
    print(f"{'ok  ' if ok else 'FAIL'} {path}: ezdxf {ezdxf.__version__}, {summary}")
    return ok


def check_usdz_archive(path):
    ok = True
    with zipfile.ZipFile(path) as archive:
        infos = archive.infolist()
        if not infos:
            print(f"FAIL {path}: empty archive")
            return False
        if not infos[0].filename.endswith((".usda", ".usdc", ".usd")):
            print(f"FAIL {path}: first file {infos[0].filename} is not a USD layer")
            ok = False
        with open(path, "rb") as raw:
            for info in infos:
                if info.compress_type != zipfile.ZIP_STORED:
                    print(f"FAIL {path}: {info.filename} is compressed")
                    ok = False
                raw.seek(info.header_offset + 26)
                name_length = int.from_bytes(raw.read(2), "little")
                extra_length = int.from_bytes(raw.read(2), "little")
                data_offset = info.header_offset + 30 + name_length + extra_length
                if data_offset % 64 != 0:
                    print(f"FAIL {path}: {info.filename} data at offset {data_offset}, not 64-byte aligned")
                    ok = False
        bad = archive.testzip()
        if bad is not None:
            print(f"FAIL {path}: CRC mismatch in {bad}")
            ok = False
    return ok


def check_usd(path):
    ok = True
    if path.endswith(".usdz"):
        ok = check_usdz_archive(path)
    try:
        from pxr import Usd, UsdGeom
    except ImportError:
        print(f"skip {path}: the pxr module (usd-core) is not installed (pip install usd-core)"
              + ("; archive checks passed" if ok and path.endswith(".usdz") else ""))
        return ok
    stage = Usd.Stage.Open(path)
    if stage is None:
        print(f"FAIL {path}: Usd.Stage.Open failed")
        return False
    if UsdGeom.GetStageUpAxis(stage) != UsdGeom.Tokens.y:
        print(f"FAIL {path}: up axis {UsdGeom.GetStageUpAxis(stage)}, expected Y")
        ok = False
    if UsdGeom.GetStageMetersPerUnit(stage) != 1.0:
        print(f"FAIL {path}: metersPerUnit {UsdGeom.GetStageMetersPerUnit(stage)}, expected 1")
        ok = False
    if not stage.GetDefaultPrim():
        print(f"FAIL {path}: no default prim")
        ok = False
    meshes = 0
    for prim in stage.Traverse():
        if not prim.IsA(UsdGeom.Mesh):
            continue
        meshes += 1
        mesh = UsdGeom.Mesh(prim)
        points = mesh.GetPointsAttr().Get() or []
        counts = mesh.GetFaceVertexCountsAttr().Get() or []
        indices = mesh.GetFaceVertexIndicesAttr().Get() or []
        if not points or not counts or sum(counts) != len(indices) or any(i >= len(points) for i in indices):
            print(f"FAIL {path}: mesh {prim.GetPath()} is malformed")
            ok = False
    if meshes == 0:
        print(f"FAIL {path}: no meshes")
        ok = False
    try:
        from pxr import UsdValidation  # USD 25.02 and later
    except ImportError:
        UsdValidation = None
    if UsdValidation is not None:
        registry = UsdValidation.ValidationRegistry()
        context = UsdValidation.ValidationContext(registry.GetOrLoadAllValidators())
        for error in context.Validate(stage):
            if error.GetType() == UsdValidation.ValidationErrorType.Error:
                print(f"FAIL {path}: {error.GetName()}: {error.GetMessage()}")
                ok = False
    print(f"{'ok  ' if ok else 'FAIL'} {path}: pxr opened it, {meshes} meshes")
    return ok


def check_svg(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        print(f"FAIL {path}: not well-formed XML: {error}")
        return False
    if root.tag != "{http://www.w3.org/2000/svg}svg":
        print(f"FAIL {path}: root element is {root.tag}, expected svg")
        return False
    print(f"ok   {path}: well-formed SVG")
    return True


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    ok = True
    for path in argv[1:]:
        if not os.path.exists(path):
            print(f"FAIL {path}: no such file")
            ok = False
        elif path.endswith(".dxf"):
            ok = check_dxf(path) and ok
        elif path.endswith((".usda", ".usdz")):
            ok = check_usd(path) and ok
        elif path.endswith(".svg"):
            ok = check_svg(path) and ok
        else:
            print(f"skip {path}: not a .dxf, .usda, .usdz or .svg file")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
