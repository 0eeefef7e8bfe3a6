"""Docs sites built once per test session: each site's own tests and the cross-stack comparison of
the conformance page (test_conformance.py) read the same build, as a site takes seconds to minutes
to build. Each builder is its test module's (`build_site`, `build_bad`); a site that cannot be
built here is skipped locally and fails on CI (`tests.need`), for every test that asks for it.
"""

from __future__ import annotations

import importlib

import pytest


def _build(module: str, builder: str, tmp_path_factory):
    return getattr(importlib.import_module(module), builder)(tmp_path_factory)


@pytest.fixture(scope="session")
def docusaurus_site(tmp_path_factory):
    return _build("test_docusaurus", "build_site", tmp_path_factory)


@pytest.fixture(scope="session")
def docusaurus_bad(tmp_path_factory):
    return _build("test_docusaurus", "build_bad", tmp_path_factory)


@pytest.fixture(scope="session")
def astro_site(tmp_path_factory):
    return _build("test_astro", "build_site", tmp_path_factory)


@pytest.fixture(scope="session")
def nextra_site(tmp_path_factory):
    return _build("test_nextra", "build_site", tmp_path_factory)


@pytest.fixture(scope="session")
def nextra_bad(tmp_path_factory):
    return _build("test_nextra", "build_bad", tmp_path_factory)


@pytest.fixture(scope="session")
def vitepress_site(tmp_path_factory):
    return _build("test_vitepress", "build_site", tmp_path_factory)


@pytest.fixture(scope="session")
def mkdocs_site(tmp_path_factory):
    return _build("test_mkdocs", "build_site", tmp_path_factory)


@pytest.fixture(scope="session")
def zensical_site(tmp_path_factory):
    return _build("test_zensical", "build_site", tmp_path_factory)


@pytest.fixture(scope="session")
def sphinx_site(tmp_path_factory):
    return _build("test_sphinx", "build_site", tmp_path_factory)


@pytest.fixture(scope="session")
def sphinx_bad(tmp_path_factory):
    return _build("test_sphinx", "build_bad", tmp_path_factory)
