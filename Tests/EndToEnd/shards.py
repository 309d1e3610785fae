#!/usr/bin/env python3
"""Runs the end-to-end window tests in shards side by side, each on its own X server and D-Bus
session (so each has its own accessibility bus and single-instance name), then the tests marked
`@solo` (timing-sensitive) one after another on a quiet machine.

Usage: Tests/EndToEnd/shards.py [--jobs N] [TEST ...]
TEST is a unittest name (WindowTests.test_x, or a class); with none, every test is run. The
shards are balanced by each test's duration in the last run (.build/e2e-durations.json), else by
Tests/EndToEnd/durations.json, the figures committed with the tests. Prints each shard's output,
then one summary in unittest's own words ("Ran N tests in Xs", "OK" or "FAILED (failures=…)"),
which scripts/test reads; exits 1 when a test failed.
"""
import ast
import codecs
import json
import os
import re
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
MODULES = ["test_app.py", "test_desktop.py", "test_language.py", "test_authoring.py", "test_inspector.py"]
LAST_RUN = os.path.join(ROOT, ".build", "e2e-durations.json")
COMMITTED = os.path.join(HERE, "durations.json")
UNKNOWN_SECONDS = 20.0


def tests():
    """(class.method, solo) of every test, read from the sources (importing them would need the
    accessibility bus)."""
    found = []
    for module in MODULES:
        tree = ast.parse(open(os.path.join(HERE, module), encoding="utf-8").read())
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name.startswith("test_"):
                        solo = any(isinstance(d, ast.Name) and d.id == "solo" for d in item.decorator_list)
                        found.append((f"{node.name}.{item.name}", solo))
    return found


def durations():
    known = {}
    for path in (COMMITTED, LAST_RUN):
        if os.path.exists(path):
            with open(path) as handle:
                known.update(json.load(handle))
    return known


def balance(names, jobs, known):
    """Longest first, each to the shard with the least time so far."""
    shards = [[] for _ in range(jobs)]
    load = [0.0] * jobs
    for name in sorted(names, key=lambda n: -known.get(n, UNKNOWN_SECONDS)):
        at = load.index(min(load))
        shards[at].append(name)
        load[at] += known.get(name, UNKNOWN_SECONDS)
    return [shard for shard in shards if shard]


class Display:
    """An Xvfb of its own, on the number it picks and writes to a descriptor (-displayfd): no
    guessing, no races with the other shards."""

    def __init__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1400x950x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        self.name = ":" + number

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


STARTS = re.compile(r"^(test_\w+) \((?:[\w.]+\.)?(\w+)\.test_\w+\)")
ENDS = re.compile(r" \.\.\. (ok|FAIL|ERROR|skipped.*|expected failure|unexpected success)$")


class Shard:
    """Some tests in one process: its own display and D-Bus session, unittest's verbose output
    read as it comes, each test timed from its name to its verdict."""

    def __init__(self, names):
        self.names = names
        self.display = Display()
        env = dict(os.environ, DISPLAY=self.display.name, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            ["dbus-run-session", "--", "/usr/bin/python3", os.path.join(HERE, "test_app.py"), "-v", *names],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=ROOT)
        self.lines = []
        self.timings = {}
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        # Read as it comes, not by lines: unittest writes a test's name when it starts and its
        # verdict on the same line when it ends. UTF-8 is decoded across chunk boundaries.
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        current, since, partial = None, time.time(), ""
        while True:
            chunk = os.read(self.process.stdout.fileno(), 4096)
            if not chunk:
                break
            *complete, partial = (partial + decoder.decode(chunk)).split("\n")
            for line in complete:
                self.lines.append(line + "\n")
                started = STARTS.match(line)
                if started and current is None:
                    current, since = f"{started.group(2)}.{started.group(1)}", time.time()
                if current and ENDS.search(line):
                    self.timings[current] = round(time.time() - since, 1)
                    # Progress as it happens; the whole output follows when the shard ends.
                    print(f"  [{self.timings[current]:6.1f} s] {current}: {ENDS.search(line).group(1)}",
                          flush=True)
                    current = None
            started = STARTS.match(partial)
            if started and current is None:
                current, since = f"{started.group(2)}.{started.group(1)}", time.time()
        partial += decoder.decode(b"", final=True)
        if partial:
            self.lines.append(partial)

    def finish(self):
        """The shard's output, and whether its process ended well (a shard that dies before
        unittest's summary, or exits non-zero, failed)."""
        self.process.wait()
        self.reader.join()
        self.display.close()
        return "".join(self.lines), self.process.returncode == 0

    def stop(self):
        """Ends a shard that is still running (the runner was interrupted)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.display.close()


def summarize(outputs):
    """(ran, failures, errors, skipped) over the shards' outputs; `outputs` are (text, ended well)."""
    ran = failures = errors = skipped = 0
    for output, ended_well in outputs:
        match = re.search(r"^Ran (\d+) tests? in", output, re.M)
        ran += int(match.group(1)) if match else 0
        verdict = re.search(r"^(OK|FAILED)(?: \((.*)\))?$", output, re.M)
        counted = 0
        for part in (verdict.group(2) or "").split(",") if verdict else []:
            key, _, value = part.strip().partition("=")
            if key == "failures":
                failures += int(value)
                counted += int(value)
            elif key == "errors":
                errors += int(value)
                counted += int(value)
            elif key == "skipped":
                skipped += int(value)
        # No verdict, a FAILED that named nothing this counts, or a bad exit: the shard failed.
        if not verdict or (verdict.group(1) == "FAILED" and counted == 0) or not ended_well:
            if counted == 0:
                errors += 1
    return ran, failures, errors, skipped


def main():
    arguments = sys.argv[1:]
    jobs = 2
    if arguments[:1] == ["--jobs"]:
        jobs = int(arguments[1])
        arguments = arguments[2:]
    everything = tests()
    if arguments:
        unknown = [a for a in arguments if not any(n == a or n.startswith(a + ".") for n, _ in everything)]
        if unknown:
            print(f"error: no test is named {', '.join(unknown)} (give Class or Class.test_name)", file=sys.stderr)
            sys.exit(2)
        wanted = [name for name, _ in everything if any(name == a or name.startswith(a + ".") for a in arguments)]
        solo = [name for name, is_solo in everything if is_solo and name in wanted]
        shared = [name for name in wanted if name not in solo]
    else:
        solo = [name for name, is_solo in everything if is_solo]
        shared = [name for name, is_solo in everything if not is_solo]
    known = durations()
    began = time.time()
    running = []
    try:
        running = [Shard(names) for names in balance(shared, jobs, known)]
        side_by_side = len(running)
        outputs = [shard.finish() for shard in running]
        timings = {}
        for shard in running:
            timings.update(shard.timings)
        for name in solo:
            alone = Shard([name])
            running.append(alone)
            outputs.append(alone.finish())
            timings.update(alone.timings)
    finally:
        # Interrupted (Ctrl+C, CI's time running out): no X server or D-Bus session is left behind.
        for shard in running:
            shard.stop()
    if not arguments:
        os.makedirs(os.path.dirname(LAST_RUN), exist_ok=True)
        with open(LAST_RUN, "w") as handle:
            json.dump(dict(sorted(timings.items())), handle, indent=1)
    for number, (output, _) in enumerate(outputs, 1):
        # Each shard's own verdict lines are marked as its, so that the summary below is the one
        # verdict a reader (scripts/test) finds.
        sys.stdout.write(re.sub(r"^(Ran \d+ tests? in|OK$|OK \(|FAILED \()", rf"shard {number}: \1", output, flags=re.M))
    ran, failures, errors, skipped = summarize(outputs)
    print("-" * 70)
    print(f"Ran {ran} tests in {time.time() - began:.3f}s ({side_by_side} shards side by side, {len(solo)} alone)")
    print()
    if failures or errors:
        parts = [f"failures={failures}"] if failures else []
        parts += [f"errors={errors}"] if errors else []
        parts += [f"skipped={skipped}"] if skipped else []
        print(f"FAILED ({', '.join(parts)})")
        sys.exit(1)
    print("OK" + (f" (skipped={skipped})" if skipped else ""))


if __name__ == "__main__":
    main()
