"""Page models: what each page of a game shows, in one language, built from content.

A model holds :class:`~rulebook.site.localize.Fragment` objects (text plus its language and
whether it is a fallback) and plain numbers; it holds no markup. The templates in
site/templates/ turn models into Markdown through rulebook.site.render, which escapes and
sanitizes every fragment. One module per page; parts several pages show (the rule
sections, the setup steps, the scoring model) are made once per language through
rulebook.site.view.LocalGame.part.
"""
