#!/usr/bin/env python3
"""A seeded adversarial pass over loadlab's untrusted-input surfaces (issue 36).

Runs the release binary under `prlimit --as=3000000000` (3 GB of address space) on seeded
random and hand-made inputs per surface -- share links, exercise move files, render and
hand-outs, merge and shards, the exact search, the gap search, lesson files, maps -- and
measures each run's CPU time and peak memory (wait4's rusage). A run is a finding when it
exits other than 0 or 2 (a panic, an abort, a signal), exits 2 without its `error:` line, takes
more than 10 s of CPU or 1 GB, refuses (exit 2) after more than 1 s of CPU, or does not end
within the wall-clock limit. The web page's address (`#lesson=`, link fragments) is read
in-process by `cargo test --test suite fuzz_the_web_address` (and `..._many -- --ignored`).

    cargo build --release && scripts/fuzz-pass.py [--seed S] [--cases N] [--only SURFACE]

Prints one line per finding and a table of runs per surface; exit status 1 if any finding.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

BIN = os.environ.get("LOADLAB", "target/release/loadlab")
CPU_LIMIT = 10.0
RSS_LIMIT_KB = 1_000_000
REFUSAL_CPU = 1.0
WALL_LIMIT = 120.0


def run(args, stdin=None, stdout_path=None):
    """Runs loadlab with `args`; returns (code or -signal or None, cpu s, peak KB, stderr)."""
    # /usr/bin/time measures: a child's peak memory as the kernel reports it keeps the high
    # water mark of the process it was forked from (here this script) across exec.
    usage = tempfile.NamedTemporaryFile(suffix=".time")
    cmd = ["/usr/bin/time", "-o", usage.name, "-f", "%U %S %M",
           "prlimit", "--as=3000000000", BIN] + args
    out = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    err = tempfile.TemporaryFile()
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
    start = time.time()
    while True:
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.time() - start > WALL_LIMIT:
            p.kill()
            pid, status, ru = os.wait4(p.pid, 0)
            err.seek(0)
            return None, ru.ru_utime + ru.ru_stime, ru.ru_maxrss, "timeout"
        time.sleep(0.01)
    p.returncode = 0  # reaped here
    if stdout_path:
        out.close()
    err.seek(0)
    text = err.read().decode("utf-8", "replace")
    code = os.waitstatus_to_exitcode(status)
    words = open(usage.name).read().split()
    if code != 0 and words and words[0] == "Command":
        # "Command exited with non-zero status N" / "Command terminated by signal N"
        if "signal" in words:
            code = -int(words[words.index("signal") + 1])
        words = words[words.index("status") + 2:] if "status" in words else words[5:]
    cpu, rss = float(words[0]) + float(words[1]), int(words[2])
    return code, cpu, rss, text


def verdict(code, cpu, rss, stderr, lines_ok=False):
    """What is wrong with one run, or None."""
    if code is None:
        return "no exit within %.0f s" % WALL_LIMIT
    if code not in (0, 2):
        return "exit %d: %s" % (code, " | ".join(stderr.strip().splitlines()[:2]))
    if cpu > CPU_LIMIT:
        return "%.1f s CPU" % cpu
    if rss > RSS_LIMIT_KB:
        return "%d MB" % (rss // 1000)
    if code == 2:
        errs = [l for l in stderr.splitlines() if l.strip()]
        if not errs or not all(l.startswith("error: ") for l in errs):
            return "exit 2 without error lines: %r" % stderr[:200]
        if len(errs) > 1 and not lines_ok:
            return "exit 2 with %d lines" % len(errs)
        if cpu > REFUSAL_CPU:
            return "slow refusal: %.1f s CPU" % cpu
    return None


def mutate(rng, text):
    b = bytearray(text.encode())
    k = rng.randrange(5)
    if k == 0 and b:
        del b[rng.randrange(len(b)):]
    elif k == 1 and b:
        for _ in range(rng.randrange(1, 4)):
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
    elif k == 2:
        for _ in range(rng.randrange(1, 3)):
            i = rng.randrange(len(b) + 1)
            b[i:i] = rng.choice([b"99999999999", b"-1", b"1e308", b"[", b"\"", b"\xff"])
    elif k == 3:
        digits = [i for i, c in enumerate(b) if 48 <= c <= 57]
        if digits:
            i = rng.choice(digits)
            b[i:i + 1] = rng.choice([b"0", b"4294967296", b"18446744073709551616", b"1e9"])
    else:
        i = rng.randrange(len(b) + 1)
        b[i:i] = b[i:i + rng.randrange(1, 4000)] * rng.randrange(1, 50)
    return bytes(b)


def delta(rng, n, m):
    d = [rng.randint(-m, m) for _ in range(n)]
    d[0] -= sum(d)
    return ",".join(map(str, d))


# ---------------------------------------------------------------- the surfaces: each yields
# (args, files to write {path: bytes}, lines_ok)

def links(rng, d, cases):
    base = []
    for p in ["redistribute-12-ring", "divisible-table-2", "default", "ksbf-g200-r16"]:
        r = subprocess.run([BIN, "link", p], capture_output=True, text=True)
        if r.returncode == 0:
            base.append(r.stdout.strip())
    for _ in range(cases):
        link = mutate(rng, rng.choice(base)).decode("utf-8", "replace")
        if rng.random() < 0.2:
            link = link.replace("loadlab:1:", rng.choice(["loadlab:01:", "loadlab:+1:", "loadlab:2:"]))
        yield ["eval", "--link", link] + (["--json"] if rng.random() < 0.5 else []), {}, False
        step = rng.choice(["0", "1", "-1", "9999999999", "2^64", "3"])
        yield ["link", rng.choice(["redistribute-12-ring", "ksbf-g200-r16"]), "--step", step], {}, False


def moves(rng, d, cases):
    ex = [
        ["exercise", "redistribute", "--delta", "2,1,1,-2,-2"],
        ["exercise", "ksbf", "--shape", "tree", "--n", "5", "--p", "3"],
        ["exercise", "geodecay", "--n", "4096", "--p", "8"],
        ["exercise", "divisible", "--h", "3"],
        ["exercise", "treesweep", "--n", "4"],
    ]
    for k in range(cases):
        f = os.path.join(d, "moves%d.json" % k)
        kind = rng.randrange(6)
        if kind == 0:
            sends = rng.choice([10, 10**5, 2 * 10**6, 9 * 10**6])
            text = "[[" + ",".join(["[1,2]"] * sends) + "]]"
        elif kind == 1:
            rounds = rng.choice([10, 10**5, 10**6, 6 * 10**6])
            text = "[" + ",".join(["[[1,2]]"] * rounds) + "]"
        elif kind == 2:
            n = rng.choice([10, 10**5, 10**6, 2 * 10**6])
            text = "[" + ",".join(['{"node":3,"pe":1,"step":1}'] * n) + "]"
        elif kind == 3:
            depth = rng.choice([100, 10**4, 10**6])
            text = "[" * depth + "]" * depth
        elif kind == 4:
            f = rng.choice(["/dev/zero", "/dev/urandom", "/dev/null", d, "fifo"])
            if f == "fifo":
                f = os.path.join(d, "fifo%d" % k)
                os.mkfifo(f)
            yield rng.choice(ex) + ["--moves", f, "--json"], {}, False
            continue
        else:
            text = mutate(rng, '[[[1, 2], [4, 3]], [[2, 3]], [[5, 4]]]').decode("utf-8", "replace")
        yield rng.choice(ex) + ["--moves", f] + (["--json"] if rng.random() < 0.5 else []), {f: text.encode()}, False


def render(rng, d, cases):
    presets = ["divisible-table-2", "redistribute-12-ring", "ksbf-g200-r16", "ksbf-sparse-tree",
               "redistribute-random-1000", "nope"]
    for k in range(cases):
        ext = rng.choice(["png", "svg", "gif", "txt"])
        args = ["render", rng.choice(presets), "--out", os.path.join(d, "r%d.%s" % (k, ext))]
        for flag, values in [("--scale", ["0.1", "0.25", "1", "4", "9", "nan"]),
                             ("--fps", ["0.001", "0.02", "2", "50"]),
                             ("--step", ["0", "3", "99999999999"]),
                             ("--window", ["100x100", "200x200", "8177x200", "8192x8192", "1x1", "0x0"]),
                             ("--figure", ["picture", "plot", "map", "plot:nope"])]:
            if rng.random() < 0.3:
                args.append("%s=%s" % (flag, rng.choice(values)))
        files = {}
        if rng.random() < 0.25:
            lf = os.path.join(d, "long%d.ron" % k)
            text = open("lessons/rrv-redistribute.ron", encoding="utf-8").read()
            files[lf] = mutate(rng, text)
            args += ["--lesson", lf]
        if ext == "gif" and rng.random() < 0.7:
            args.append("--animate")
        yield args, files, False


def merge(rng, d, cases):
    base = ["map", "redistribute", "--x", "n=3..6:3", "--y", "max_delta=1..3:2", "--json"]
    parts = []
    for i in (1, 2, 3):
        r = subprocess.run([BIN] + base + ["--shard", "%d/3" % i], capture_output=True, text=True)
        parts.append(r.stdout)
    for k in range(cases):
        files, args = {}, ["merge"]
        for i, part in enumerate(parts):
            if rng.random() < 0.1:
                continue
            text = part
            r = rng.random()
            if r < 0.2:
                j = json.loads(part)
                for key in ("of", "index"):
                    if key in json.dumps(j) and rng.random() < 0.5:
                        text = text.replace('"%s": %d' % (key, 3 if key == "of" else i + 1),
                                            '"%s": %s' % (key, rng.choice(["0", "2", "-1", "99"])))
            elif r < 0.5:
                text = mutate(rng, part).decode("utf-8", "replace")
            f = os.path.join(d, "part%d-%d.json" % (k, i))
            files[f] = text.encode()
            args.append(f)
            if rng.random() < 0.1:
                args.append(f)
        if len(args) == 1:
            args.append("/dev/null")
        yield args, files, False


def exact(rng, d, cases):
    for _ in range(cases):
        n = rng.randint(2, 12)
        args = ["redistribute", "--delta=" + delta(rng, n, rng.choice([1, 3, 10, 40, 1000])),
                "--algorithm", "exact", "--json"]
        if rng.random() < 0.5:
            c = ",".join(rng.choice(["1", "2", "0.5", "7", "1e9"]) for _ in range(n))
            args += ["--cw=" + c, "--ccw=" + c]
        yield args, {}, False


def gaps(rng, d, cases):
    for _ in range(cases):
        args = ["gaps", "redistribute", "--against",
                rng.choice(["system12", "lp-forward", "alg3-printed", "system6-bound", "lemma12"])]
        for flag, values in [("--budget", ["1", "100", "30000", "100000", "1e9"]),
                             ("--max-n", ["3", "7", "8", "9"]),
                             ("--max-delta", ["1", "5", "10", "11"]),
                             ("--max-cost", ["1", "6", "14", "20", "-1"]),
                             ("--seed", ["1", "7", "2^64"])]:
            if rng.random() < 0.5:
                args.append("%s=%s" % (flag, rng.choice(values)))
        yield args + ["--json"], {}, False


def lessons(rng, d, cases):
    names = sorted(os.listdir("lessons"))
    for k in range(cases):
        text = open(os.path.join("lessons", rng.choice(names)), encoding="utf-8").read()
        f = os.path.join(d, "lesson%d.ron" % k)
        mode = rng.choice(["--check", "--json", ""])
        yield ["lesson", f] + ([mode] if mode else []), {f: mutate(rng, text)}, True


MAP_AXES = {
    "ksbf": (["n=10..23:16", "n=1..30:8", "p=2..4096:16:log", "p=1..64:64", "spawn_prob=0.5..1:64",
              "seed=1..100:32", "n=16..16:1"], ["efficiency", "makespan", "speedup", "nope"],
             [[], ["--shape", "random-tree"], ["--shape", "random-grid"], ["--schedule", "df"]]),
    "geodecay": (["alpha=0.0024..0.0025:4", "ell=1..2:4", "p=1000..1002:16:log", "n=2^16..2^20:4:log",
                  "alpha=0.003..0.004:2", "c=0..100:8", "every=1..1000:16"],
                 ["time", "standard_over_improved", "balancings", "nope"],
                 [[], ["--policy", "optimal", "--n", "2^53"], ["--survivors", "random"]]),
    "redistribute": (["n=10..1000:16", "max_delta=1..1000:16:log", "n=2..3:2", "n=3..100000:4"],
                     ["makespan_over_bound", "makespan", "rounds", "nope"],
                     [[], ["--samples", "2"], ["--samples", "1000"]]),
    "divisible": (["h=1..63:16", "beta=0.1..1000:64:log", "b=2..12:11"], ["ratio_c_over_p", "speedup_c"],
                  [[]]),
    "treesweep": (["n=1..1000:64", "tau=0.001..1e9:64:log"], ["ratio", "optimal"], [[]]),
}


def maps(rng, d, cases):
    for _ in range(cases):
        model = rng.choice(sorted(MAP_AXES))
        axes, metrics, extra = MAP_AXES[model]
        x, y = rng.sample(axes, 2)
        yield (["map", model, "--x", x, "--y", y, "--metric", rng.choice(metrics)]
               + rng.choice(extra) + [rng.choice(["--json", "--csv"])]), {}, False


SURFACES = {"links": links, "moves": moves, "render": render, "merge": merge, "exact": exact,
            "gaps": gaps, "lessons": lessons, "maps": maps}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--cases", type=int, default=20)
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    findings, table = [], []
    for name, gen in SURFACES.items():
        if a.only and name != a.only:
            continue
        rng = random.Random("%d-%s" % (a.seed, name))
        counts = {"runs": 0, "ok": 0, "refused": 0, "findings": 0, "cpu": 0.0, "max_cpu": 0.0,
                  "max_mb": 0}
        with tempfile.TemporaryDirectory() as d:
            for args, files, lines_ok in gen(rng, d, a.cases):
                for path, data in files.items():
                    with open(path, "wb") as fh:
                        fh.write(data)
                code, cpu, rss, err = run(args)
                counts["runs"] += 1
                counts["cpu"] += cpu
                counts["max_cpu"] = max(counts["max_cpu"], cpu)
                counts["max_mb"] = max(counts["max_mb"], rss // 1000)
                counts["ok" if code == 0 else "refused" if code == 2 else "findings"] += 0
                if code == 0:
                    counts["ok"] += 1
                elif code == 2:
                    counts["refused"] += 1
                v = verdict(code, cpu, rss, err, lines_ok)
                if v:
                    counts["findings"] += 1
                    shown = " ".join(x if len(x) < 120 else x[:60] + "…(%d)" % len(x) for x in args)
                    findings.append("%s: loadlab %s: %s" % (name, shown, v))
                    print("FINDING", findings[-1], flush=True)
                for path in files:
                    if os.path.exists(path):
                        os.remove(path)
        table.append((name, counts))
    # stdout written to a full disk must fail (finding 8)
    code, cpu, rss, err = run(["presets"], stdout_path="/dev/full")
    extra = "presets > /dev/full: exit %s" % code
    print("\n%-8s %5s %5s %7s %8s %7s %7s %7s" % ("surface", "runs", "exit0", "exit2", "findings",
                                                 "cpu s", "max s", "max MB"))
    for name, c in table:
        print("%-8s %5d %5d %7d %8d %7.1f %7.2f %7d" % (name, c["runs"], c["ok"], c["refused"],
                                                       c["findings"], c["cpu"], c["max_cpu"], c["max_mb"]))
    print(extra)
    if code != 2:
        findings.append(extra)
    print("%d findings" % len(findings))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
