"""Docs tooling: find `<Tiles>` tags in a docs tree, read their props, lint them,
pre-render them (`tiles build`, `tiles batch`) and write the JS spec."""
