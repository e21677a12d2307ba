"""Translation workflow: catalogs, their status and checks, and run-time lookups.

``messages``  every translatable text of a game, with a stable id-based gettext context
``ui``        the interface strings (domain ``ui``, written in English)
``catalogs``  templates (.pot), translations (.po, per language) and compiled .mo files
``status``    translated / fuzzy / missing counts per game and language
``review``    the reviewed state of a translation (a digest in a translator comment)
``checks``    what ``rulebook i18n check`` refuses (numbers, placeholders, markup, ...)
``numbers``   count phrases and numbers through CLDR plural rules and number formats
``runtime``   looking text up for a reader, with the source text as the fallback
``cli``       the ``rulebook i18n`` subcommands
"""
