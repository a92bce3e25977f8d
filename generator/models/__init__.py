"""Frozen pydantic models. ``rows`` is what the catalog queries return (printings, sets, sources);
``envelope`` the envelope and error body; ``onepiece`` the One Piece card the play engine reads.
The response models of the surfaces live in the domain package of the surfaces that answer them
(``models/<domain>/`` beside ``surfaces/<domain>/``: ``universal.card``'s is in ``models/catalog``)."""
