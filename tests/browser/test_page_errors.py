"""The watch on every page of the browser tests (conftest.py): what a page throws or logs as an
error is seen, in a page of a browser or of a context, and fails the test that opened it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import conftest
import pytest
from test_component import need  # skip locally, fail on CI
from test_docusaurus import CHROMIUM, FLAGS
from test_svg_chromium import launched

HERE = Path(__file__).parent
# two tests that pass on their own; the second's page logs an error
TWO_TESTS = f"""
from playwright.sync_api import sync_playwright

def page_of(html):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path={CHROMIUM!r}, args={FLAGS!r}, headless=True)
        try:
            page = browser.new_page()
            page.set_content(html)
            page.evaluate("new Promise(requestAnimationFrame)")
        finally:
            browser.close()

def test_quiet():
    page_of("<p>nothing to say</p>")

def test_loud():
    page_of("<script>console.error('boom')</script>")
"""


def test_what_any_page_throws_or_logs_as_an_error_is_seen():
    with launched() as browser:
        try:
            page = browser.new_page()
            with page.expect_console_message(lambda m: m.type == "error"):
                page.set_content("<script>console.error('a console error')</script>")
            other = browser.new_context().new_page()
            with other.expect_event("pageerror"):
                other.set_content("<script>setTimeout(() => { throw new Error('an uncaught error') })</script>")
            with page.expect_console_message():
                page.evaluate("console.warn('a warning'); console.log('a log')")
        finally:
            browser.close()
    seen, conftest._SEEN[:] = list(conftest._SEEN), []  # this test's errors are what it checks
    assert [e.split(": ", 1)[1] for e in seen] == ["console error: a console error",
                                                   "uncaught Error: an uncaught error"], seen


@pytest.mark.slow  # a pytest of its own, and Chromium twice
def test_an_error_in_a_page_fails_a_test_that_passed_on_its_own(tmp_path):
    pytest.importorskip("playwright")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    shutil.copy(HERE / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_two.py").write_text(TWO_TESTS)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_two.py"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 1, run.stdout[-3000:] + run.stderr[-3000:]
    assert "1 failed, 1 passed" in run.stdout, run.stdout[-3000:]
    assert "FAILED test_two.py::test_loud" in run.stdout
    assert "errors in the browser:" in run.stdout and "console error: boom" in run.stdout
