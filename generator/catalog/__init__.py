"""The DuckDB catalog: schema and derivations in ``sql/``, writing in ``load``, reading in ``queries``."""
