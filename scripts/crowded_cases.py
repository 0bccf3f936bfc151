"""Shared by the surface-finder peer scripts: export fathom-bench's crowded scenes and Fathom's own figures.

`export(bench, folder, sizes=..., kinds=..., noises=..., trials=...)` runs
`fathom-bench --reports --filter surfaces/crowded` with FATHOM_CROWDED_EXPORT=folder, which writes every
case (raw little-endian float32 x y z as `<name>.f32`) and `cases.tsv` (one row a case: name, points,
seed index, seed radius, accuracy, Fathom's median per-call ms, found, truth...). Returns the benchmark's
crowded-scene table (text) and the rows of `cases.tsv` without its header, each a list of strings.
"""
import os
import subprocess


def export(bench, folder, sizes, kinds, noises, trials):
    """Exports the crowded scenes into `folder`; returns (the benchmark's table, the cases' rows)."""
    env = dict(os.environ, FATHOM_CROWDED_SIZES=sizes, FATHOM_CROWDED_KINDS=kinds,
               FATHOM_CROWDED_NOISES=noises, FATHOM_CROWDED_TRIALS=str(trials),
               FATHOM_CROWDED_EXPORT=folder, OMP_NUM_THREADS="1")
    out = subprocess.run([bench, "--reports", "--filter", "surfaces/crowded"], env=env,
                         capture_output=True, text=True, check=True).stdout
    table = out.split("== surfaces/crowded-feature-points")[0].strip()
    with open(os.path.join(folder, "cases.tsv")) as tsv:
        rows = [line.split("\t") for line in tsv.read().splitlines()[1:]]
    return table, rows
