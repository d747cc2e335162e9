"""Every page forbids framing and inline script (Content-Security-Policy with
frame-ancestors 'none'), sends no referrer, and runs in Chromium without a single
violation of its policy (the workshop, where a token is typed, could be framed)."""
import re

import pytest

from web_support import PAGES

ALL_PAGES = dict(PAGES, docs="/docs")
INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I),
     "an inline script"),
    (re.compile(r"<style\b", re.I), "an inline style sheet"),
    (re.compile(r"\sstyle=", re.I), "a style attribute"),
    (re.compile(r"\son[a-z]+=", re.I), "an event handler attribute"),
    (re.compile(r"javascript:", re.I), "a javascript: URL"),
]


def directives(policy):
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


@pytest.mark.parametrize("name", ALL_PAGES)
def test_every_page_has_a_strict_policy_and_no_inline_code(server, name):
    import urllib.request

    with urllib.request.urlopen(server["url"] + ALL_PAGES[name]) as response:
        headers, html = response.headers, response.read().decode("utf-8")
    policy = directives(headers["Content-Security-Policy"])
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "no-referrer"
    for pattern, what in INLINE:
        assert not pattern.search(html), f"{name} has {what}: {pattern.search(html).group()}"


@pytest.mark.parametrize("name", ALL_PAGES)
def test_no_page_breaks_its_policy_in_a_browser(server, browser, name):
    context = browser.new_context()
    try:
        tab = context.new_page()
        refused = []
        tab.on("console", lambda message: refused.append(message.text)
               if "Content Security Policy" in message.text else None)
        tab.goto(server["url"] + ALL_PAGES[name])
        # Load and its scripts' first requests, not "networkidle": on CI's loaded machine
        # the table page once never went idle within 30 s (its service worker fetches its
        # precache after load), failing a test that is about the policy.
        tab.wait_for_load_state("load")
        tab.wait_for_timeout(1500)
        violations = tab.evaluate("""() => new Promise(done => {
            const seen = [];
            document.addEventListener('securitypolicyviolation', e => seen.push(e.violatedDirective));
            setTimeout(() => done(seen), 200);
        })""")
        assert refused == [] and violations == []
    finally:
        context.close()


def test_the_api_answers_carry_the_same_headers(server):
    import urllib.request

    with urllib.request.urlopen(server["url"] + "/v1/health") as response:
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
