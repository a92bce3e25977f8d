"""Decks: construction rules as data (``rules``), the validator behind POST /api/v1/play/deck/validate
and its strict request (``validator``, ``request``), and the decks the AI ladder builds (``ladder_decks``)."""
