"""The source registry (data/sources.toml) and how each upstream dump is acquired."""
