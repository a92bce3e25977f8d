"""The platform's own records (auctions, bids, the bid/ask book, profiles, keys, draw receipts).

Not upstream card data: an export the platform writes, in the versioned ``platform-export/1``
shape (``docs/platform-export.md``). ``export.load_platform`` reads and validates it row by row;
the surfaces of families D and E read the resulting ``Platform``. The repository ships a small
synthetic sample (``data/platform-sample``, made by ``python -m generator.platform.sample``).
"""
