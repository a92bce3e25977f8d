-- The report store of POST /api/v1/feedback (generator/participation/feedback_store.py).
-- Append-only: the two triggers refuse any UPDATE or DELETE, so a row, once acknowledged, stays.
CREATE TABLE IF NOT EXISTS reports (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- the report's id is "fb-" || seq
    received_at TEXT NOT NULL,              -- RFC 3339, UTC, when the app stored it
    kind TEXT NOT NULL,                     -- the body's kind (federation-adopter: an adopter claim)
    content_hash TEXT NOT NULL,             -- sha256: over the RFC 8785 canonical document
    document TEXT NOT NULL                  -- the validated body, as RFC 8785 canonical JSON
);
CREATE TRIGGER IF NOT EXISTS reports_are_never_changed BEFORE UPDATE ON reports
BEGIN SELECT RAISE(ABORT, 'the report store is append-only'); END;
CREATE TRIGGER IF NOT EXISTS reports_are_never_deleted BEFORE DELETE ON reports
BEGIN SELECT RAISE(ABORT, 'the report store is append-only'); END;
