"""Compile One Piece card effect text into the typed effect tree of ``model``."""
