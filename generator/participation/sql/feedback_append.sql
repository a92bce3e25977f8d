INSERT INTO reports (received_at, kind, content_hash, document) VALUES (?, ?, ?, ?) RETURNING seq;
