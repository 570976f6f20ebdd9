"""The built-in generator (no LLM) on a small project shaped like real semantic-versioning libraries
(Java 8, JUnit 4, a whole class as the target): `generate` keeps MTCs for the contract and round-trip
methods, prints one summary line for the class, and `check` catches a sign error planted in
`compareTo`."""

import json

VERSION = ("src", "main", "java", "org", "example", "semver", "Version.java")
CORRECT = "return minor < other.minor ? -1 : 1;"
SIGN_ERROR = "return minor < other.minor ? 1 : -1;"


def kept_templates(report):
    """{target method: [template of each kept candidate]}"""
    kept = {}
    for target in report["targets"]:
        for c in target["candidates"]:
            if c["status"] == "kept":
                kept.setdefault(target["method"], []).append(c["template"])
    return kept


def test_contracts_and_round_trips_are_kept_and_the_gate_catches_a_compare_to_sign_error(copy_project, mvn):
    project = copy_project("semver-junit4-java8")

    build = mvn(project, "mr-coupler:generate")

    assert build.succeeded, build
    out = project / "target" / "mr-coupler"
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    kept = kept_templates(report)
    assert "compareToContract" in kept.get("compareTo", []), kept
    assert "equalsContract" in kept.get("equals", []) + kept.get("hashCode", []), kept
    assert "textRoundTrip" in kept.get("toString", []) + kept.get("parse", []), kept
    assert "orderingDuality" in kept.get("isGreaterThan", []) + kept.get("isLowerThan", []), kept
    # Java 8 and JUnit 4: nothing kept was lost to a newer API or to comparing doubles without delta.
    statuses = [c["status"] for t in report["targets"] for c in t["candidates"]]
    assert "didNotCompile" not in statuses, statuses
    # One line for the class, none per method.
    summary = [line for line in build.lines("[INFO]") if "org.example.semver.Version:" in line]
    assert len(summary) == 1 and "target method(s) with a kept MTC" in summary[0], build
    assert not any("0 candidate MTC(s)" in line for line in build.lines("[INFO]")), build

    source = project.joinpath(*VERSION)
    text = source.read_text(encoding="utf-8")
    assert CORRECT in text
    source.write_text(text.replace(CORRECT, SIGN_ERROR), encoding="utf-8")

    check = mvn(project, "mr-coupler:check")

    assert not check.succeeded, check
    assert "kept metamorphic relation(s) violated" in check.output, check
    assert "isGreaterThan" in check.output or "compareTo" in check.output, check
