"""Docs sites built once per test session: each site's own tests and the cross-stack comparison of
the conformance page (test_conformance.py) read the same build, as a site takes seconds to minutes
to build. Each builder is its test module's (`build_site`, `build_bad`); a site that cannot be
built here is skipped locally and fails on CI (`tests.need`), for every test that asks for it.

Every page a browser test opens is watched (`watch_pages`): an uncaught exception or a console
error in it fails the test, whatever the test itself checks (React's hydration error #418, for
one, is only a console error, and the page still looks right).
"""

from __future__ import annotations

import importlib
import re
import urllib.parse

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


@pytest.fixture(scope="session", autouse=True)
def watch_pages():
    """Every page the browser tests open (Browser.new_page, BrowserContext.new_page; in a test or in
    a fixture shared by many) reports its uncaught exceptions and console errors into `_SEEN`."""
    try:
        from playwright.sync_api import Browser, BrowserContext
    except ImportError:
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        for opener in (Browser, BrowserContext):
            patch.setattr(opener, "new_page", _watching(opener.new_page))
        yield


_SEEN: list[str] = []  # what the pages reported since the current test's setup began


def _watching(new_page):
    def opened(self, *args, **kwargs):
        page = new_page(self, *args, **kwargs)
        page.on("pageerror", lambda e: _SEEN.append(f"{page.url}: uncaught {e.name}: {e.message}"))
        page.on("console", lambda m: _SEEN.extend(_console_error(page, m)))
        return page

    return opened


def _console_error(page, message) -> list[str]:
    """The console message as an error of the page, if it is one. Not the page's: Chromium's own
    request for /favicon.ico (on a page that names no icon), and a request off this machine that
    found no network (a theme's web fonts: Material's and Zensical's Google Fonts); the tests
    serve every page and picture from 127.0.0.1."""
    url = message.location.get("url") or ""
    where = urllib.parse.urlsplit(url)
    if message.type != "error" or where.path == "/favicon.ico" or (
            where.hostname not in (None, "127.0.0.1", "localhost") and "net::ERR_" in message.text):
        return []
    return [f"{page.url}: console error: {message.text}" + (f" ({url})" if url else "")]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _SEEN.clear()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A test that passed fails all the same if a page threw or logged an error during its setup or run,
    but for the errors it expects: ``@pytest.mark.page_errors(regex, ...)``, each searched in the
    error's text (a failed request's console error ends with the URL in brackets)."""
    result = yield
    expected = [re.compile(r) for mark in item.iter_markers("page_errors") for r in mark.args]
    errors, _SEEN[:] = [e for e in _SEEN if not any(r.search(e) for r in expected)], []
    assert not errors, "errors in the browser:\n" + "\n".join(errors)
    return result


def pytest_configure(config):
    config.addinivalue_line("markers", "page_errors(*regex): errors a browser test expects its pages to log")
