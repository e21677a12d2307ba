"""The rulebook command: content checks, scoring, setup, catalogs and the site."""
