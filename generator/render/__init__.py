"""Renderers: data in, bytes out. JSON is serialised in generator.surfaces.respond; HTML here."""
