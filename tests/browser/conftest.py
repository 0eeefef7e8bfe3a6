"""Docs sites built once per test session: each site's own tests and the cross-stack comparison of
the conformance page (test_conformance.py) read the same build, as a site takes seconds to minutes
to build. Each builder is its test module's (`build_site`, `build_bad`); a site that cannot be
built here is skipped locally and fails on CI (`tests.need`), for every test that asks for it.
"""

from __future__ import annotations

import importlib

import pytest


# fixture name: (test module, its builder)
SITES = {
    "docusaurus_site": ("test_docusaurus", "build_site"),
    "docusaurus_bad": ("test_docusaurus", "build_bad"),
    "astro_site": ("test_astro", "build_site"),
    "nextra_site": ("test_nextra", "build_site"),
    "nextra_bad": ("test_nextra", "build_bad"),
    "vitepress_site": ("test_vitepress", "build_site"),
    "mkdocs_site": ("test_mkdocs", "build_site"),
    "zensical_site": ("test_zensical", "build_site"),
    "sphinx_site": ("test_sphinx", "build_site"),
    "sphinx_bad": ("test_sphinx", "build_bad"),
}


def _session_build(name: str, module: str, builder: str):
    @pytest.fixture(scope="session", name=name)
    def build(tmp_path_factory):
        return getattr(importlib.import_module(module), builder)(tmp_path_factory)

    return build


for _name, (_module, _builder) in SITES.items():
    globals()[_name] = _session_build(_name, _module, _builder)
