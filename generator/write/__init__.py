"""Writing the build: files and twins (files), the routes manifest (manifest), host adapters (nginx)."""
