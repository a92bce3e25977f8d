"""Observed draw outcomes against declared odds, with low volumes withheld.

A product's exact counts are published only once it has at least ``MIN_DRAWS`` revealed draws:
below that, a count says too much about too few people (one person's pulls can be read off a
small table). Above it, each outcome's count, observed share, declared share and a Pearson
chi-square goodness-of-fit test (statistic, degrees of freedom, p-value) are given.

The threshold holds everywhere a draw's outcome could be read, not only here: the chain's batch
listing and inclusion answers withhold the receipts of the products ``withheld_products`` names
(``generator.surfaces.market.verify``), or anyone could count the table this view withholds.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

from generator.platform.models import Draw, DrawProduct

MIN_DRAWS = 100


def chi_square_p(statistic: float, dof: int) -> float:
    """P(X >= statistic) for X ~ chi-square(dof): the regularised upper incomplete gamma
    Q(dof/2, statistic/2), by its series below a + 1 and its continued fraction above."""
    a, x = dof / 2, statistic / 2
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - total * math.exp(log_front))
    b, c, d = x + 1 - a, 1 / 1e-300, 1 / (x + 1 - a)  # Lentz's method
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > 1e-300 else 1e-300)
        c = b + an / c
        c = c if abs(c) > 1e-300 else 1e-300
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def below_threshold(revealed_draws: int) -> bool:
    return revealed_draws < MIN_DRAWS


def withheld_products(draws: Iterable[Draw]) -> frozenset[str]:
    """The products whose outcomes are withheld: fewer than ``MIN_DRAWS`` revealed draws."""
    counts = Counter(d.product for d in draws if d.revealed)
    return frozenset(product for product, n in counts.items() if below_threshold(n))


def product_fairness(product: DrawProduct, draws: list[Draw]) -> dict[str, Any]:
    revealed = [d for d in draws if d.product == product.product and d.revealed]
    total_weight = sum(t.weight for t in product.tiers)
    declared = [
        {"outcome": t.outcome, "declared_share": round(t.weight / total_weight, 6), "weight": t.weight}
        for t in product.tiers
    ]
    entry: dict[str, Any] = {"product": product.product, "name": product.name, "declared": declared}
    if below_threshold(len(revealed)):
        return entry | {"draws": f"<{MIN_DRAWS}", "withheld": True, "observed": None, "test": None}
    counts = Counter(d.outcome for d in revealed)
    n = len(revealed)
    observed = [
        {
            "outcome": t.outcome,
            "count": counts.get(t.outcome, 0),
            "observed_share": round(counts.get(t.outcome, 0) / n, 6),
        }
        for t in product.tiers
    ]
    statistic = sum(
        (counts.get(t.outcome, 0) - n * t.weight / total_weight) ** 2 / (n * t.weight / total_weight)
        for t in product.tiers
    )
    dof = len(product.tiers) - 1
    test = {"method": "pearson-chi-square", "statistic": round(statistic, 6), "degrees_of_freedom": dof}
    return entry | {
        "draws": n,
        "withheld": False,
        "observed": observed,
        "test": test | {"p_value": round(chi_square_p(statistic, dof), 6)},
    }
