"""A package the install left out, told apart from our own code that does not load.

Both the `tiles` command and a gunicorn worker name the missing module this way
(`missing_package`); this module imports only the standard library, so it loads
whatever else is missing.
"""

from __future__ import annotations

OWN_PACKAGES = ("service", "tile_art")


def missing_package(err: BaseException) -> str | None:
    """What a module that is not installed means, in one line, when the module is not one of ours:
    the install left a package out, and our code on disk is not to blame. None for any other error.

    >>> missing_package(ModuleNotFoundError("No module named 'service.gone'", name="service.gone")) is None
    True
    >>> missing_package(ModuleNotFoundError("No module named 'packaging'", name="packaging"))[:45]
    '`packaging` is not installed: install mahjong'
    """
    if not isinstance(err, ModuleNotFoundError) or not err.name:
        return None
    module = err.name.partition(".")[0]
    if module in OWN_PACKAGES:
        return None
    last = err.__traceback__
    while last is not None and last.tb_next is not None:
        last = last.tb_next
    by = ""
    if last is not None:  # the module whose `import` failed, and the distribution it comes from
        importer = last.tb_frame.f_globals.get("__name__", "?")
        from importlib.metadata import packages_distributions

        dists = packages_distributions().get(importer.partition(".")[0])
        by = f" (imported by {dists[0] if dists else importer} at {last.tb_frame.f_code.co_filename}:{last.tb_lineno})"
    return (f"`{module}` is not installed{by}: install mahjong-tiles with its dependencies "
            "(`make serve` in a checkout, else `pip install mahjong-tiles`)")
