"""Frozen pydantic models: what the catalog queries return and what surfaces consume."""
