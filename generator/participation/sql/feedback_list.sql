-- Every report after a sequence number, oldest first; kind NULL: every kind.
SELECT seq, received_at, kind, content_hash, document FROM reports
WHERE seq > ? AND (? IS NULL OR kind = ?)
ORDER BY seq;
