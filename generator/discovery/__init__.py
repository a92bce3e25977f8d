"""Builders of the discovery documents (graph, ledgers' views, well-knowns, plain text) from the
registry and the authored content; the surfaces in ``generator/surfaces/{ontology,ledgers,wellknown}.py``
call them."""
