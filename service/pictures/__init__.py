"""Pictures a page asks for: `<Tiles>` tags and ```` ```tiles-scene ```` blocks found and read,
their images as jobs named by content, and the batch answer.

``scan`` finds the tags, ``tag_props`` reads their props into image requests,
``scene_blocks`` reads scene blocks and their fence options; ``jobs`` names, draws and
writes each image's files; ``batch`` answers a request for a tag or block (`tiles batch`
over JSON lines, the HTTP service's POST /batch); ``spec`` is what the JavaScript side
follows. Below `service.docs` (lint, build, the Python docs sites) and `service.http`,
which both use it, so the HTTP layer imports nothing from the docs tools.
"""
