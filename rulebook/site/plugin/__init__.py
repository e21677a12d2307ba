"""The MkDocs plugin that makes a language's pages from a rulebook project, shaped like
Material's plugins: its options in :mod:`.config`, its events in :mod:`.plugin`."""
