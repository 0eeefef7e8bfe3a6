"""Docs tooling: lint a docs tree's `<Tiles>` tags, pre-render them (`tiles build`); and the
Python docs sites: the `tiles` Markdown extension, MkDocs plugin and Sphinx extension.
Tags and scene blocks are read, and their files named, by `service.pictures`."""
