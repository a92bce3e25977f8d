"""The play module (spec family F): One Piece Card Game rules as data, an engine, an AI ladder.

Its parts, each a package: ``engine`` (the rules: state, zones, phases, battle, legal actions and
the effect interpreter, with ``engine.api`` the public entry points), ``effects`` (card text compiled
to the typed effect tree the engine runs), ``ai`` (the L0-L4 ladder, over the public engine API),
``decks`` (deck-construction rules as data, the validator and its strict request, the AI's decks),
``protocol`` (the HTTP side: the stateless practice referee, its sealed state, the narrated log,
the recorded example match) and ``rulebook`` (the tutorial, glossary and other rules-as-data
content models). ``cards`` builds the card pool from catalog printings.
"""
