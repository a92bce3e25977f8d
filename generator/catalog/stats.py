"""`build.py stats`: a readable table per game and source, from the catalog alone."""

from __future__ import annotations

from collections import defaultdict

import duckdb

from generator.catalog import queries


def stats_report(con: duckdb.DuckDBPyConnection) -> str:
    contributed = {(r["game"], r["source_id"]): r for r in queries.rows(con, "stats")}
    quarantined: defaultdict[str, dict[str, int]] = defaultdict(dict)
    for source_id, reason, count in con.execute(
        "SELECT source_id, reason, count(*) FROM quarantine GROUP BY ALL ORDER BY ALL"
    ).fetchall():
        quarantined[source_id][reason] = count
    latest = {run.source_id: run for run in queries.source_runs(con)}  # ordered by start: last wins
    lines = []
    for game in ("op", "ptcg", "fab", "lor", "fx"):
        specs = [s for s in queries.sources(con) if s.game == game]
        if not specs:
            continue
        if game == "fx":
            lines.append("FX reference rates [fx]")
        else:
            name = con.execute("SELECT name FROM games WHERE game = ?", [game]).fetchone()
            total = queries.one(
                con,
                "SELECT count(*), count(DISTINCT set_code), count(DISTINCT card_key) FROM printings WHERE game = ?",
                [game],
            )
            by_lang = ", ".join(
                f"{lang} {n:,}"
                for lang, n in con.execute(
                    "SELECT lang, count(*) FROM printings WHERE game = ? GROUP BY lang ORDER BY count(*) DESC, lang",
                    [game],
                ).fetchall()
            )
            lines.append(
                f"{name[0] if name else game} [{game}]: {total[0]:,} printings ({by_lang or 'none'}), "
                f"{total[2]:,} cards, {total[1]:,} sets"
            )
        lines.append(
            f"  {'source':<26} {'status':<11} {'sets':>5} {'cards':>7} {'printings':>9}  languages  quarantined"
        )
        for spec in specs:
            run = latest.get(spec.source_id)
            c = contributed.get((game, spec.source_id), {})
            q = ", ".join(f"{reason} {n}" for reason, n in quarantined.get(spec.source_id, {}).items()) or "-"
            status = run.status if run else "never run"
            if game == "fx":
                days, currencies = queries.one(
                    con,
                    "SELECT count(DISTINCT date), count(DISTINCT currency) FROM fx_rates WHERE source_id = ?",
                    [spec.source_id],
                )
                lines.append(f"  {spec.source_id:<26} {status:<11} {days:,} days x {currencies} currencies  {q}")
                continue
            lines.append(
                f"  {spec.source_id:<26} {status:<11} {c.get('sets', 0):>5} {c.get('cards', 0):>7,} "
                f"{c.get('printings', 0):>9,}  {c.get('languages') or '-':<9}  {q}"
            )
        lines.append("")
    for status in ("partial", "failed", "unavailable"):
        named = sorted(s for s, run in latest.items() if run.status == status)
        lines.append(f"{status.capitalize()} sources: {', '.join(named) if named else 'none'}")
    disagreements = queries.one(con, "SELECT count(DISTINCT sku), count(*) FROM disagreements")
    lines.append(f"Printings seen differently by two sources: {disagreements[0]:,} ({disagreements[1]:,} field values)")
    findings = dict(
        con.execute(
            "SELECT reason, count(DISTINCT (sku, field)) FROM quarantine WHERE field IS NOT NULL GROUP BY ALL"
        ).fetchall()
    )
    withheld = findings.get("stat-disagrees", 0) + findings.get("stat-out-of-domain", 0)
    lines.append(
        f"Play numbers checked across each card's printings: {withheld:,} fields withheld "
        f"({findings.get('stat-out-of-domain', 0):,} out of the game's domain), "
        f"{findings.get('stat-unresolved', 0):,} noted where no majority says which is right"
    )
    return "\n".join(lines)
