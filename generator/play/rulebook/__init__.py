"""Rules as data: the tutorial, glossary, archetypes, play index and spec, meta and effect grammar
(``content/play/*.yaml``) as frozen models (``models``), and the worked-example shape they share."""
