"""When an answer's time-dependent fields were computed: at the request (the app) or at the build.

The app gives a live surface (``Surface.clock``) a context whose ``now`` is the request time and
whose ``received_at`` is set; a build renders the same surface with ``now`` at its as-of and no
``received_at``. The answer says which (``generator.models.moment.Evaluated``).
"""

from __future__ import annotations

from typing import Any

from generator.web.envelope import iso
from generator.web.surface import Context

AT_REQUEST = "computed by the app when you asked: ages and states are true at `at`"
AT_BUILD = (
    "as of the build: this is the file a host without the app serves, true when it was built; "
    "every age here is that much older by now"
)


def evaluated(ctx: Context) -> dict[str, Any]:
    at_request = ctx.received_at is not None
    basis, meaning = ("request", AT_REQUEST) if at_request else ("build", AT_BUILD)
    return {"at": iso(ctx.now), "basis": basis, "meaning": meaning}
