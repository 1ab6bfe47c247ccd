#!/usr/bin/env python3
"""Sum every JUnit report given on the command line into one line: `N passed, N failed`.

A report that is missing counts as one failure: a runner that produced nothing did not pass.
"""
import sys
import xml.etree.ElementTree as ET


def count(path):
    root = ET.parse(path).getroot()
    passed = failed = skipped = 0
    for case in root.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None:
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
