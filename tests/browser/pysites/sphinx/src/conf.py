# A real Sphinx site with Furo and MyST using the tiles extension (tests/browser/test_sphinx.py).
project = "Tiles on Sphinx"
extensions = ["myst_parser", "service.sphinx"]
html_theme = "furo"
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
