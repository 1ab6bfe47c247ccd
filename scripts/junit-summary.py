#!/usr/bin/env python3
"""Sum every JUnit report given on the command line into one line: `N passed, N failed`.

A report that is missing counts as one failure: a runner that produced nothing did not pass.
A test reported as passed whose output has a line starting with `skipping:` ended early because
a server it needs (PostgreSQL, Redis, SMTP) was missing (kernel::testing, the SMTP stand-in):
it counts as skipped, like a `<skipped>` test (nextest stores passing tests' output in its
report for this: `store-success-output` in .config/nextest.toml).
"""
import sys
import xml.etree.ElementTree as ET


SKIP_MARKER = "skipping:"


def ended_early(case):
    """Whether a test's captured output says it did not run (see the module docstring)."""
    for stream in ("system-out", "system-err"):
        element = case.find(stream)
        text = element.text if element is not None and element.text else ""
        if any(line.lstrip().startswith(SKIP_MARKER) for line in text.splitlines()):
            return True
    return False


def count(path):
    root = ET.parse(path).getroot()
    passed = failed = skipped = 0
    for case in root.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None or ended_early(case):
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def main(paths):
    total_passed = total_failed = total_skipped = 0
    for path in paths:
        try:
            passed, failed, skipped = count(path)
        except (OSError, ET.ParseError) as error:
            print(f"{path}: no usable report ({error})", file=sys.stderr)
            passed, failed, skipped = 0, 1, 0
        print(f"{path}: {passed} passed, {failed} failed, {skipped} skipped", file=sys.stderr)
        total_passed += passed
        total_failed += failed
        total_skipped += skipped
    # Skipped tests check nothing: they count as failures in the summary.
    print(f"{total_passed} passed, {total_failed + total_skipped} failed")
    return 1 if total_failed + total_skipped else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
