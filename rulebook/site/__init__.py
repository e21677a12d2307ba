"""The localized site: content rendered to Markdown, then one MkDocs build per language.

``pages`` builds page models from content, ``render`` turns them into Markdown through the
Jinja2 templates of site/templates/ (escaping and sanitizing every text), ``calculator``
makes the widgets' data islands, ``config`` writes each language's MkDocs configuration,
``build`` runs the builds and swaps the output in, ``serve`` serves it and ``cli`` wires
``rulebook build`` and ``rulebook serve``.
"""
