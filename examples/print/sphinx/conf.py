# One source, the site (sphinx-build -b html) and the book (make latexpdf): docs/print.md
project = "Rules"
extensions = ["myst_parser", "service.sphinx"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
today = "3 December 2026"  # the book's date, fixed so its pictures are drawn the same
latex_documents = [("index", "rules.tex", "Rules", "tiles", "howto")]
