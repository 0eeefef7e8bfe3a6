"""Docs tooling: find `<Tiles>` tags in a docs tree, read their props, lint them,
pre-render them (`tiles build`, `tiles batch`), write the JS spec; and the Python docs
sites: the `tiles` Markdown extension, MkDocs plugin and Sphinx extension."""
