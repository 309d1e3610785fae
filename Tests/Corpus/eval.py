#!/usr/bin/env python3
"""Imports each corpus project and replays its flows (Tests/Corpus/flows.json), comparing the
interface orientation after each step with the one read from the project's code.

  Tests/Corpus/eval.py CORPUS_DIR [NAME_FILTER…]
  Tests/Corpus/eval.py --flows Tests/Corpus/heldout.json --count-only CORPUS_DIR

--flows names another flows file: heldout.json is the held-out half (issue #38), whose flows were
written from the projects' code before anything was measured on them; it is measured, never
debugged, so `--count-only` prints the count alone, not which flows miss.

CORPUS_DIR holds each repository checked out as OWNER+NAME (public projects: never committed).
Not part of scripts/test: the corpus is not on CI's machine. Prints one line per flow and the count.
"""
import json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("ROTATION_LAB_BINARY", os.path.join(ROOT, ".build/debug/rotation-lab"))


def method(name):
    """`enterfullScreenDidTouched:` → `enterfullScreenDidTouched`: the scenario names a method by its base."""
    return name.split(":")[0].split("(")[0]


def main():
    arguments = sys.argv[1:]
    flows_file = os.path.join(ROOT, "Tests/Corpus/flows.json")
    if "--flows" in arguments:
        at = arguments.index("--flows")
        flows_file = arguments[at + 1]
        del arguments[at:at + 2]
    count_only = "--count-only" in arguments
    arguments = [a for a in arguments if a != "--count-only"]
    if not arguments:
        sys.exit("usage: Tests/Corpus/eval.py [--flows FILE] [--count-only] CORPUS_DIR [NAME_FILTER…]")
    corpus, only = arguments[0], arguments[1:]
    flows = json.load(open(flows_file))["projects"]
    out = tempfile.mkdtemp(prefix="rl-corpus-")
    results = []
    for project in flows:
        name = project["repository"].replace("/", "+")
        if only and not any(o in name for o in only):
            continue
        scenario = os.path.join(out, name + ".json")
        imported = subprocess.run(
            [BINARY, "import", os.path.join(corpus, name, project["import"]), "--output", scenario],
            capture_output=True, text=True)
        if imported.returncode != 0:
            results += [(name, f["title"], False, "import failed: " + imported.stderr.strip()[:160]) for f in project["flows"]]
            continue
        base = json.load(open(scenario))
        for index, flow in enumerate(project["flows"]):
            events = [dict(e, call=method(e["call"])) if isinstance(e, dict) and "call" in e else e for e in flow["events"]]
            replay = json.loads(json.dumps(base))
            replay["steps"] = events
            replay.pop("expect", None)
            version = flow["system"] or project["system"]
            if version:
                replay.setdefault("system", {})["version"] = version if "." in version else version + ".0"
            path = os.path.join(out, f"{name}-{index}.json")
            json.dump(replay, open(path, "w"))
            traced = subprocess.run([BINARY, "trace", path, "--json"], capture_output=True, text=True)
            if not traced.stdout.startswith("{"):
                results.append((name, flow["title"], False, "trace failed: " + traced.stderr.strip()[:160]))
                continue
            got = [step["interfaceOrientation"] for step in json.loads(traced.stdout)["steps"]]
            wrong = [i for i, (g, e) in enumerate(zip(got, flow["interface"])) if g != e]
            note = f"step {wrong[0] + 1}: {got[wrong[0]]}, expected {flow['interface'][wrong[0]]}" if wrong else ""
            results.append((name, flow["title"], not wrong and len(got) == len(flow["interface"]), note))
    for name, title, passed, note in [] if count_only else results:
        print(("PASS " if passed else "MISS ") + name[:36].ljust(36) + " " + title[:44].ljust(44) + " " + note)
    print(f"{sum(r[2] for r in results)}/{len(results)} flows")


if __name__ == "__main__":
    main()
