"""Translation workflow: catalogs, their status and checks, and run-time lookups."""
