#!/usr/bin/env python3
"""Heap bytes per constraint: ours against kiwi's, on the same workloads.

Run from the project root:  python3 Benchmarks/memory.py [--only enaml,indep-1000] [--big]

Both sides build every constraint first, then read the C library's bytes in use
(glibc's mallinfo2) before and after adding them all to a fresh solver: ours through
`autolayout-bench workload FILE --repeat 1` (its `bytes_per_constraint`), kiwi's through
Benchmarks/kiwi_memory.cpp, built with g++ against the kiwi headers that
../shared/bench/compare.py downloads.

Both run with glibc's per-thread cache off (GLIBC_TUNABLES=glibc.malloc.tcache_count=0):
mallinfo2 counts the blocks that cache keeps after `free` as in use, so with it on, the
temporaries a solver frees while adding (up to seven blocks of every size) counted as held
(enaml: ours 945 bytes per constraint with it, 778 without; kiwi's 652 and 592).

Prints a table and a summary line; exits 1 when ours holds more than kiwi's on some
workload, 2 when something could not run.
"""
import argparse
import glob
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED_BENCH = os.path.join(ROOT, "..", "shared", "bench")
sys.path.insert(0, SHARED_BENCH)
import compare  # noqa: E402  (kiwi's headers and the release build of autolayout-bench)


def kiwi_probe():
    compare.kiwi_harness()  # downloads kiwi's headers once
    headers = os.path.join(compare.CACHE, f"kiwisolver-{compare.KIWI_VERSION}")
    source = os.path.join(ROOT, "Benchmarks", "kiwi_memory.cpp")
    exe = os.path.join(ROOT, ".build", "kiwi_memory")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(source):
        subprocess.run(["g++", "-std=c++17", "-O2", "-I", headers, source, "-o", exe], check=True)
    return exe


def run_json(command):
    result = compare.run_one(command, 600)
    if result["status"] != "ok":
        raise RuntimeError(f"{' '.join(command)}: {result['status']}")
    return result


def without_thread_cache():
    """Turns glibc's per-thread cache off for the probes run from here (see the top)."""
    tunable = "glibc.malloc.tcache_count=0"
    current = os.environ.get("GLIBC_TUNABLES")
    os.environ["GLIBC_TUNABLES"] = f"{current}:{tunable}" if current else tunable


def main():
    without_thread_cache()
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="comma-separated workload names")
    ap.add_argument("--big", action="store_true", help="include the 10000-size workloads")
    a = ap.parse_args()
    files = sorted(glob.glob(os.path.join(SHARED_BENCH, "workloads", "*.wl")))
    names = [os.path.basename(f)[:-3] for f in files]
    if a.only:
        files = [f for f, n in zip(files, names) if n in a.only.split(",")]
    elif not a.big:
        files = [f for f, n in zip(files, names) if not n.endswith("-10000")]
    ours = compare.project_bench()
    if ours is None:
        print("autolayout-bench could not be built")
        return 2
    kiwi = kiwi_probe()
    print(f"{'workload':20} {'constraints':>11} {'ours B/c':>10} {'kiwi B/c':>10} {'kiwi/ours':>10}")
    ratios, worse = [], []
    for f in files:
        try:
            o = run_json([ours, "workload", f, "--repeat", "1"])
            k = run_json([kiwi, f])
        except RuntimeError as e:
            print(f"{os.path.basename(f)[:-3]:20} error: {e}")
            return 2
        mine, theirs = o["bytes_per_constraint"], k["bytes_per_constraint"]
        ratio = theirs / mine if mine > 0 else math.inf
        ratios.append(ratio)
        if mine > theirs:
            worse.append(o["workload"])
        print(f"{o['workload']:20} {o['accepted']:>11} {mine:>10.4g} {theirs:>10.4g} {ratio:>9.3g}x")
    gm = math.exp(sum(math.log(r) for r in ratios if math.isfinite(r)) / max(1, len(ratios)))
    print(f"summary: kiwi's bytes per constraint over ours: geometric mean {gm:.3g}x, "
          f"min {min(ratios):.3g}x; ours larger on {len(worse)} ({', '.join(worse) or 'none'})")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
