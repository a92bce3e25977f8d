"""Build speed, as ratios measured in one run (shared machines are noisy; never a test).

Prints every row of issue 37's table, each measured in this run: the cold full build in routes/s;
the floor (writing the same files' bytes: routes, twins, data shards, with no rendering; twice, into
two new folders, as the same writes vary by a third from one to the next here) and the cold build
as a multiple of the two floors' mean, and of each; the workers' CPU per route for JSON and HTML
routes; the parent process's user and system seconds; build-time contract validation (the cold
build against one with validation off: in the workers' CPU seconds, where validation runs; as a
share of the whole build's CPU, parent and children, which on two busy cores is what it adds to
the wall clock; and in wall-clock seconds, where the unchecked build runs after the floors have
written a million more files and read slower than the cold build in three runs of four, a disk
effect, not validation's; and, what the target is read against, in one process: every 10th route
rendered and encoded with and without the check, alternating, as ``bench/validation.py`` does,
since the workers' CPU for the same routes moved between 38.1 and 42.9 s in five unchecked builds);
a no-change rebuild, a forced re-render with unchanged bytes (the
hard-link path), a rebuild after one template changed and one after one set of the catalog
changed, each as a ratio of the cold build. Targets (issue 37): >= 8,000 routes/s, <= 2x the floor,
JSON <= 0.15 and HTML <= 0.25 ms of worker CPU per route, validation <= +5%, one source changed
<= 20% of cold.

Worker CPU per route: the workers time each route (``BuildSummary.render_seconds``, a wall clock,
which counts the time a worker waited for a core as well), and ``getrusage`` gives their CPU
seconds in total; each media type's CPU is the total split in proportion to its timed seconds.

The two changed-input rows, each over the build before it, so that one input differs: "one set
changed" builds from a copy of the catalog where one printing of one Lorcana set has a new name,
over the cold build (a nightly rebuild runs over last night's build, on a disk long settled: see
below; so the four builds' writes are synced first, untimed, as the night has done); "one
template changed" copies the code, content and templates into a scratch folder,
appends a Jinja comment to ``templates/page.html`` there (the pages' bytes do not change, their
inputs do) and builds from that copy and the changed catalog over the forced build. Each runs
in a new Python process, as a nightly ``cardpantry build`` does (``fresh_build``), not in this one,
whose heap the builds before have grown. Both render only the routes that read what changed and carry the rest over
(``generator.write.dependencies``; unchanged folders moved whole or kept in an adopted folder, the
rest hard-linked: ``generator.write.carry``, whose figures the set row prints); the template is in every page's
layout, so every page is rendered and every JSON route carried. The no-change and forced rows
build from the changed catalog, what ``dist/`` then holds. After a swap the previous build is deleted by a detached
process (``files.retire``); each row's figure is the time until the new build serves, and the
deleter's time is printed beside it and waited out before the next row. The search-index row is
one more cold build into a fresh folder, with ``--search-index`` (what ``make build`` runs).

Order matters on this machine's disk (ext4 without a journal): for a minute after inodes are
freed (six while their inode table block is not yet written back), ext4 skips them when creating
files, scanning past each one, so creating files soon after deleting many costs up to 30x (20 vs
600 microseconds of kernel time per file, measured; it took four minutes to settle after
deleting half a million files). So the cold build, the floor, the unchecked and search-index
builds (each into a fresh folder) and the set row run first, before anything is deleted; leftovers
of an earlier run are deleted, synced and waited out before timing; and the bench deletes its
output only at the end.

    .venv/bin/python bench/build.py [--catalog state/catalog.duckdb] [--out ../bench-dist]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from validation import check_cost  # noqa: E402  (bench/validation.py, beside this file)

from generator.build import build  # noqa: E402
from generator.build.summary import BuildSummary  # noqa: E402
from generator.write.carry import Carried  # noqa: E402
from generator.write.files import wait_for_retired  # noqa: E402

SETTLE_SECONDS = 370
CHECK_EVERY, CHECK_ROUNDS = 10, 3  # the in-process validation measure: every n-th route, rounds
AS_OF = dt.datetime(2026, 11, 21, tzinfo=dt.UTC)
TREE = ("generator", "content", "templates", "data")  # what a build reads from the repository
CHANGED_TEMPLATE = "templates/page.html"
# One printing of one set renamed: the set's shard, the card's documents and pages, its siblings'.
RENAME_ONE = """UPDATE printings SET name = name || ' (bench)'
WHERE sku = (SELECT min(sku) FROM printings WHERE game = 'lor' AND name IS NOT NULL)"""


def floor_seconds(built: Path, scratches: list[Path]) -> tuple[list[float], int, list[dict[str, float]]]:
    """Time writing every file of a finished build into each of ``scratches`` (new folders, one after
    the other), bytes already in memory: the same writes vary by a third here from one to the next
    (15.0 to 20.3 s in four in a row, a sync before one of them changing nothing), so one alone is
    half noise."""
    files = [(p.relative_to(built), p.read_bytes()) for p in built.rglob("*") if p.is_file()]
    timed = [_write_all(files, scratch) for scratch in scratches]
    return [seconds for seconds, _ in timed], len(files), [cpu for _, cpu in timed]


def _write_all(files: list[tuple[Path, bytes]], scratch: Path) -> tuple[float, dict[str, float]]:
    before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    made: set[Path] = set()
    for rel, body in files:
        target = scratch / rel
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.write(fd, body)
        os.close(fd)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF)
    return seconds, {"user": after.ru_utime - before.ru_utime, "system": after.ru_stime - before.ru_stime}


def _cpu() -> dict[str, float]:
    """CPU seconds so far: this process (the build's parent) and its finished children (workers)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return {
        "parent user": me.ru_utime,
        "parent system": me.ru_stime,
        "workers user": children.ru_utime,
        "workers system": children.ru_stime,
    }


def fresh_build(out: Path, catalog: Path, tree: Path = ROOT) -> BuildSummary:
    """A build into ``out`` in a new Python process (with ``tree``'s code), as the nightly
    ``cardpantry build`` runs: not in this process, whose heap three cold builds and the floor's
    read of every file have grown (a one-set rebuild measured 7.51 s here against 6.75 s in a
    new process, docs/incremental-build.md). Its summary's figures come back as JSON."""
    program = (
        "import datetime as dt, orjson; from pathlib import Path; from generator.build import build; "
        f"s = build(Path({str(out)!r}), dt.datetime.fromisoformat({AS_OF.isoformat()!r}), Path({str(catalog)!r}), "
        "progress=False); "
        "print(orjson.dumps({'seconds': s.seconds, 'routes': s.routes, 'carried': s.carried, 'phases': s.phases, "
        "'carrier': s.carrier._asdict()}).decode())"
    )
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", program], cwd=tree, env=env, check=True, capture_output=True)
    figures = orjson.loads(done.stdout.splitlines()[-1])
    return BuildSummary(
        routes=figures["routes"],
        carried=figures["carried"],
        seconds=figures["seconds"],
        phases=figures["phases"],
        carrier=Carried(**figures["carrier"]),
    )


def template_changed(out: Path, catalog: Path, scratch: Path) -> BuildSummary:
    """A rebuild into ``out`` from a copy of the tree whose page template has changed."""
    for name in TREE:
        shutil.copytree(ROOT / name, scratch / name, ignore=shutil.ignore_patterns("__pycache__"))
    with (scratch / CHANGED_TEMPLATE).open("a") as template:
        template.write("{# bench/build.py: one template changed #}\n")
    return fresh_build(out, catalog, scratch)


def retired(out: Path) -> float:
    """Seconds until the previous build's detached deleter is done (``files.retire``): waited for
    before the next row, which would otherwise share the disk with it."""
    started = time.perf_counter()
    wait_for_retired(out, 1800)
    return time.perf_counter() - started


def set_changed(out: Path, catalog: Path, scratch: Path) -> BuildSummary:
    """A rebuild into ``out`` from a copy of the catalog with one printing of one set renamed."""
    copy = scratch / "catalog.duckdb"
    shutil.copyfile(catalog, copy)
    with duckdb.connect(str(copy)) as con:
        con.execute(RENAME_ONE)
    return fresh_build(out, copy)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", type=Path, default=ROOT / "state" / "catalog.duckdb")
    parser.add_argument("--out", type=Path, default=ROOT.parent / "bench-dist")
    args = parser.parse_args()
    floors = [args.out.with_name(f"{args.out.name}-floor{n}") for n in (1, 2)]
    unchecked_out = args.out.with_name(args.out.name + "-unchecked")
    search_out = args.out.with_name(args.out.name + "-search")
    changes = args.out.with_name(args.out.name + "-changes")
    leftovers = [p for p in (args.out, *floors, unchecked_out, search_out, changes) if p.exists()]
    if leftovers:
        for path in leftovers:
            shutil.rmtree(path)
        print(f"deleted an earlier run's output; waiting {SETTLE_SECONDS} s for the disk to settle", flush=True)
        os.sync()
        time.sleep(SETTLE_SECONDS)

    load = os.getloadavg()
    before = _cpu()
    cold = build(args.out, AS_OF, args.catalog, progress=False)
    cpu = {k: after - was for (k, after), was in zip(_cpu().items(), before.values())}
    floor_each, files, floor_cpus = floor_seconds(args.out, floors)
    floor = sum(floor_each) / len(floor_each)
    before_unchecked = _cpu()
    unchecked = build(unchecked_out, AS_OF, args.catalog, progress=False, validate=False)
    unchecked_cpu = {k: after - was for (k, after), was in zip(_cpu().items(), before_unchecked.values())}
    searchable = build(search_out, AS_OF, args.catalog, progress=False, search_index=True)
    changes.mkdir()
    # a nightly rebuild starts long after last night's build was written back, not under the writeback
    # of the four builds this bench made in the last minutes (untimed)
    os.sync()
    one_set = set_changed(args.out, args.catalog, changes)  # over the cold build: the nightly case
    one_set_deleter = retired(args.out)
    changed = changes / "catalog.duckdb"  # what dist/ is built of from here on
    again = build(args.out, AS_OF, changed, progress=False)
    forced = build(args.out, AS_OF, changed, progress=False, force=True)
    forced_deleter = retired(args.out)
    # over the forced build, from the same catalog: only the template differs from what dist/ was built of
    template = template_changed(args.out, changed, changes / "tree")
    template_deleter = retired(args.out)
    load_after = os.getloadavg()
    for path in (*floors, args.out, unchecked_out, search_out, changes):
        shutil.rmtree(path, ignore_errors=True)
    sampled, bare, checked = check_cost(args.catalog, CHECK_EVERY, CHECK_ROUNDS)  # CPU only: after the disk's rows

    print(f"load average (1 min) {load[0]:.2f} at the start, {load_after[0]:.2f} at the end; {os.cpu_count()} cores")
    print(
        f"cold build:        {cold.routes:,} routes, {cold.files:,} files in {cold.seconds:.2f} s "
        f"= {cold.routes / cold.seconds:,.0f} routes/s   (target >= 8,000)"
    )
    print("  phases: " + ", ".join(f"{name} {secs:.2f} s" for name, secs in cold.phases.items()))
    print("  CPU seconds: " + ", ".join(f"{name} {secs:.2f}" for name, secs in cpu.items()))
    worker_cpu = cpu["workers user"] + cpu["workers system"] - cold.side_cpu  # less the forked helpers'
    print(f"  of the children's CPU, {cold.side_cpu:.2f} s were the helpers' (host files, data shards), not workers'")
    timed = sum(cold.render_seconds.values())
    targets = {"application/json": 0.15, "text/html": 0.25}
    for kind in ("application/json", "text/html"):
        n, secs = cold.routes_by_type[kind], cold.render_seconds.get(kind, 0.0)
        share = worker_cpu * secs / timed if timed else 0.0
        print(
            f"  {kind} routes: {n:,}; {secs:.2f} worker s timed, {share:.2f} s of worker CPU "
            f"= {1000 * share / n if n else 0:.3f} ms of worker CPU per route   (target <= {targets[kind]})"
        )
    parent = cpu["parent user"] + cpu["parent system"]
    print(
        f"parent process:    {cpu['parent user']:.2f} s user + {cpu['parent system']:.2f} s system = {parent:.2f} s; "
        "the floor's writer "
        + " and ".join(f"{writer['user']:.2f} + {writer['system']:.2f} s" for writer in floor_cpus)
        + " for the same files"
    )
    unchecked_workers = unchecked_cpu["workers user"] + unchecked_cpu["workers system"] - unchecked.side_cpu
    checking = worker_cpu - unchecked_workers  # what the check costs, all of it in the workers
    build_cpu = sum(cpu.values())  # the cold build's, parent and children (workers and helpers)
    print(
        f"contract validation: in one process, every {CHECK_EVERY}th route rendered and encoded with and without "
        f"the check, alternating ({sampled:,} routes, {CHECK_ROUNDS} rounds): {1000 * bare:.3f} ms a route unchecked, "
        f"{1000 * checked:.3f} ms checked = {checked / bare - 1:+.1%}   (target <= +5%)"
    )
    print(
        f"  between the cold and the unchecked build: the workers' CPU {worker_cpu:.2f} s vs {unchecked_workers:.2f} s "
        f"= {worker_cpu / unchecked_workers - 1:+.1%} "
        "(the same unchecked work took 38.1 to 42.9 s of it in five builds here); "
        f"the whole build's CPU "
        f"{build_cpu:.2f} s vs {build_cpu - checking:.2f} s = {checking / (build_cpu - checking):+.1%}; "
        f"wall clock: cold {cold.seconds:.2f} s vs {unchecked.seconds:.2f} s "
        f"= {cold.seconds / unchecked.seconds - 1:+.1%}"
    )
    print(
        f"search index (make build's --search-index): cold {searchable.seconds:.2f} s = "
        f"{searchable.seconds / cold.seconds - 1:+.1%}; the index itself {searchable.phases['search_index']:.2f} s, "
        f"{searchable.routes - cold.routes:,} more routes"
    )
    print(f"no-change rebuild: {again.seconds:.2f} s = {again.seconds / cold.seconds:.1%} of cold")
    print(
        f"forced re-render:  {forced.seconds:.2f} s = {forced.seconds / cold.seconds:.1%} of cold "
        f"({forced.reused:,} files hard-linked, each with its twins; the deleter then {forced_deleter:.1f} s)"
    )
    print(
        f"one template changed ({CHANGED_TEMPLATE}): {template.seconds:.2f} s = {template.seconds / cold.seconds:.1%} "
        f"of cold ({template.carried:,} routes carried over; deleter {template_deleter:.1f} s)"
    )
    print(
        f"one set changed (a printing renamed): {one_set.seconds:.2f} s = {one_set.seconds / cold.seconds:.1%} "
        f"of cold ({one_set.routes - one_set.carried:,} routes rendered, {one_set.carried:,} carried over; "
        f"deleter {one_set_deleter:.1f} s)   (target <= 20%)"
    )
    print("  phases: " + ", ".join(f"{name} {secs:.2f} s" for name, secs in one_set.phases.items()))
    carrier = one_set.carrier
    print(
        f"  carrier: {carrier.moved:,} folders carried whole ({carrier.adopted:,} folders adopted), "
        f"{carrier.linked:,} files linked ({carrier.helped:,} of them by the parent once its own work was done) "
        f"in {carrier.seconds:.2f} s"
    )
    print(
        f"floor (write {files:,} files, no rendering, twice): "
        + " and ".join(f"{seconds:.2f} s" for seconds in floor_each)
        + f", mean {floor:.2f} s; cold = {cold.seconds / floor:.2f}x the mean   (target <= 2x; "
        + ", ".join(f"{cold.seconds / seconds:.2f}x" for seconds in floor_each)
        + " each)"
    )


if __name__ == "__main__":
    main()
