"""The rules engine: a game state as one frozen value, and pure functions over it.

``api`` is the public entry point (legal actions, apply, redact, the game-state schema); the other
modules are its parts: ``state`` and ``zones`` (areas and moving cards), ``setup`` and ``phases``
(the turn), ``battle``, ``legal_actions`` (what may be done and running forward), ``payable``
(whether an effect's costs can be paid) and ``activation_costs`` (paying them), ``handler`` (the
protocol every action and cost handler shares), ``effect_primitives``, ``field_actions``,
``card_moves``, ``don_moves``, ``life_moves`` and ``play_moves`` (what compiled effects do),
``choices`` (the small decisions the rules leave to a player inside an effect), ``loops`` (infinite
loops, 11-1), ``interpret`` (resolving queued effects), ``stats`` and ``support`` (numbers,
filters, what can run), ``view`` (what one player may see) and ``rng`` (the only randomness).
"""
