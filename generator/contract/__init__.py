"""The contract generated from the registry: response validation, the manifest, OpenAPI, the tool
catalog and the examples. Nothing here is written by hand per endpoint: each surface declares its
parameters, methods and response model once (``generator.web.surface.Surface``)."""
