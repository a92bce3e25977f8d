-- What the store holds, against its bounds: reports, and bytes of their documents.
SELECT count(*), coalesce(sum(length(CAST(document AS BLOB))), 0) FROM reports;
