"""Printings of one card agree on their play numbers (issue 35, item 5): a synthetic column shift is
caught, the odd field withheld and recorded; a disagreement no majority settles is only noted."""

from __future__ import annotations

from generator.ingest.consistency import OUT_OF_DOMAIN, UNRESOLVED, WITHHELD, apply_findings, check_printings
from generator.ingest.onepiece_common import attrs
from generator.ingest.sink import Sink
from generator.sku.standard import Sku


def kaido(power: object = "12000", counter: object = "-") -> dict:
    return attrs(
        category="CHARACTER",
        colors=["Purple"],
        cost="10",
        power=power,
        counter=counter,
        life="-",
        attributes=["Strike"],
        types=["Animal Kingdom Pirates"],
        effect=None,
        trigger=None,
        block=4,
    )


def sinks_with_a_shifted_row() -> list[tuple[Sink, int]]:
    """Seven arts of OP99-062 agree; the eighth has the shift npm's jp file had for OP17-062_p3:
    power "-" and the power in the counter column."""
    primary = Sink("test-op-primary", "op")
    for variant in (None, "p1", "p2", "p3", "asia", "asiap1", "asiap2"):
        primary.printing(Sku("op", "op99", "062", "en", variant), "OP99-062", "Testo", "SR", "OP99-062", kaido())
    primary.printing(
        Sku("op", "op99", "062", "en", "asiap3"), "OP99-062", "Testo", "SR", "OP99-062_p3", kaido("-", "12000")
    )
    secondary = Sink("test-op-secondary", "op")
    secondary.printing(Sku("op", "op99", "062", "ja"), "OP99-062", "テスト", "SR", "OP99-062", kaido())
    return [(primary, 0), (secondary, 1)]


def test_a_shifted_row_is_caught_and_its_fields_withheld_and_recorded():
    sinks = sinks_with_a_shifted_row()
    findings = check_printings(sinks)
    assert {(f.sku, f.field, f.reason) for f in findings} == {
        ("op-op99-062-en-asiap3", "counter", OUT_OF_DOMAIN),  # a Counter is 1000 or 2000
        ("op-op99-062-en-asiap3", "power", WITHHELD),  # 8 of the 9 printings say 12000
    }
    apply_findings(sinks, findings)
    primary = sinks[0][0]
    shifted = next(p for p in primary.printings if p.sku.variant == "asiap3")
    assert (shifted.attrs["power"], shifted.attrs["counter"]) == (None, None)  # withheld, never guessed
    assert all(p.attrs["power"] == 12000 for p in primary.printings if p is not shifted)
    recorded = {(q.reason, q.field, q.sku, q.upstream_id) for q in primary.quarantined}
    assert recorded == {
        (OUT_OF_DOMAIN, "counter", "op-op99-062-en-asiap3", "OP99-062_p3"),
        (WITHHELD, "power", "op-op99-062-en-asiap3", "OP99-062_p3"),
    }
    assert "8 of the 9 printings of OP99-062 say 12000" in next(
        q.detail for q in primary.quarantined if q.field == "power"
    )
    assert sinks[1][0].quarantined == []


def test_without_a_strict_majority_each_printing_is_noted_and_nothing_withheld():
    """Sanji P-095: 7000 in the Asia English list, 4000 in the Japanese one."""
    sink = Sink("test-op-primary", "op")
    sink.printing(Sku("op", "p", "095", "en", "asia"), "P-095", "Sanji", "P", "P-095", kaido("7000", "1000"))
    sink.printing(Sku("op", "p", "095", "ja"), "P-095", "Sanji", "P", "P-095", kaido("4000", "2000"))
    findings = check_printings([(sink, 0)])
    assert {(f.sku, f.field, f.reason) for f in findings} == {
        (sku, field, UNRESOLVED) for sku in ("op-p-095-en-asia", "op-p-095-ja") for field in ("power", "counter")
    }
    apply_findings([(sink, 0)], findings)
    assert [p.attrs["power"] for p in sink.printings] == [7000, 4000]


def test_the_published_value_votes_once_per_printing_whichever_sources_saw_it():
    """Two sources observing one printing alike count once: 1 against 1 is no majority."""
    a, b = Sink("test-op-primary", "op"), Sink("test-op-secondary", "op")
    for sink in (a, b):
        sink.printing(Sku("op", "p", "095", "en", "asia"), "P-095", "Sanji", "P", "P-095", kaido("7000"))
    b.printing(Sku("op", "p", "095", "ja"), "P-095", "Sanji", "P", "P-095", kaido("4000"))
    assert {f.reason for f in check_printings([(a, 0), (b, 1)])} == {UNRESOLVED}


def test_agreeing_printings_and_other_games_without_a_rule_give_nothing():
    sink = Sink("test-op-primary", "op")
    for variant in (None, "p1"):
        sink.printing(Sku("op", "op99", "001", "en", variant), "OP99-001", "Testo", "C", "OP99-001", kaido())
    ptcg = Sink("test-ptcg", "ptcg")
    ptcg.printing(Sku("ptcg", "tst1", "1", "en"), "tst1-1", "Testmon", None, "tst1-1", {"hp": "60"})
    assert check_printings([(sink, 0), (ptcg, 1)]) == []
