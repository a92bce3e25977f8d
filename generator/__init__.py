"""cardpantry: a static site and JSON snapshot generator.

The pipeline: ingest -> catalog -> surfaces -> render -> write -> serve (``generator.build``).
"""
