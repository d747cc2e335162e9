"""What the page tests look for, shared by the test modules (a distinct module name:
each test directory's helpers share one import namespace)."""
import re
from contextlib import contextmanager
from pathlib import Path

LANGUAGES = ("en", "gu", "hi", "ne", "te")
TRANSLATED = ("gu", "hi", "ne", "te")
SCREENSHOTS = Path(__file__).parent / "screenshots"

PAGES = {"rulebook": "/", "workshop": "/workshop", "try": "/try", "table": "/table",
         "translators": "/translators", "events": "/events"}

# Words a translated page may keep in Latin letters: the brand and file formats.
LATIN_ALLOWED = {"UNO", "YAML", "JSON", "CSV"}
_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")

# The text of the page that is in the page's language: every text node whose nearest
# `lang` is the document's (bits marked lang="en" -- card ids, YAML, rule paths --
# are English on purpose).
PAGE_LANGUAGE_TEXT = """() => {
  const lang = document.documentElement.lang;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const parts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = node.parentElement;
    if (!owner || owner.closest("script, style, textarea, option, [hidden]")) continue;
    if (owner.closest("[lang]").lang !== lang) continue;
    if (owner.getClientRects().length === 0) continue;  // not shown
    parts.push(node.textContent);
  }
  return parts.join(" ");
}"""


def english_left(text):
    """Latin-script words that should have been translated."""
    return sorted({word for word in _LATIN_WORD.findall(text) if word not in LATIN_ALLOWED})


# Elements whose content is wider or taller than their box while the overflow is
# hidden, or a page wider than the window: text a visitor cannot read.
CLIPPED = """() => {
  const clipped = [];
  if (document.documentElement.scrollWidth > window.innerWidth + 1) clipped.push("page is wider than the window");
  for (const element of document.body.querySelectorAll("*")) {
    if (element.closest(".visually-hidden")) continue;  // hidden on purpose, still reachable
    const style = getComputedStyle(element);
    if (!["hidden", "clip"].includes(style.overflowX) && !["hidden", "clip"].includes(style.overflowY)) continue;
    if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) {
      clipped.push(element.tagName + " " + (element.textContent || "").trim().slice(0, 40));
    }
  }
  return clipped;
}"""


def screenshot(tab, name, full_page=True):
    SCREENSHOTS.mkdir(exist_ok=True)
    tab.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


PHONE = {"width": 390, "height": 844}


@contextmanager
def phone_tabs(browser, count, **options):
    """`count` phones (browser contexts at 390x844 with touch; `options` for more) that
    fail the test on script errors."""
    contexts, tabs, errors = [], [], []
    for _ in range(count):
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True,
                                      **options)
        tab = context.new_page()
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.set_default_timeout(15_000)
        contexts.append(context)
        tabs.append(tab)
    yield tabs
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the page: {errors}"


# Counts every tap (click) on a phone from now on: window.taps.
COUNT_TAPS = """window.taps = 0;
if (!window.countingTaps) document.addEventListener('click', () => window.taps++, true);
window.countingTaps = true;"""


def taps(tab):
    """The taps made on `tab` since the last call (or since COUNT_TAPS)."""
    count = tab.evaluate("window.taps")
    tab.evaluate("window.taps = 0")
    return count
