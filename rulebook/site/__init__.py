"""The localized site: content rendered to Markdown, then one MkDocs build per language.

``pages`` builds page models from content, ``render`` turns them into Markdown through the
Jinja2 templates of site/templates/ (escaping and sanitizing every text), ``calculator``
makes the widgets' data islands, ``assets`` joins the calculator's modules into the one
script pages load and minifies it, ``config`` writes each language's MkDocs configuration,
``build`` runs the builds and swaps the output in, ``serve`` serves it (gzipped) and ``cli`` wires
``rulebook build`` and ``rulebook serve``.
"""
