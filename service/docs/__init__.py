"""Python docs sites: the `tiles` Markdown extension, MkDocs plugin and Sphinx extension."""
