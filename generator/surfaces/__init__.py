"""Surfaces: one module per spec endpoint family; ``families.surfaces(site)`` is the registry."""
