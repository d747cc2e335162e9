"""What the service answers while translators edit their catalogs (the .po files it
reads directly), through HTTP, in every translated language:

- an edited message is answered with its new wording on the next request (no sentence
  cached before the edit is served after it);
- a malformed plural entry leaves out only that entry, after a restart too (the rest
  of the language stays translated);
- a catalog broken beyond use keeps the last good one, after a restart too (the last
  one `referee i18n compile` accepted)."""
import os
import shutil
import time

import pytest
from babel.messages.pofile import read_po, write_po

from referee.api import context, tables
from referee.text import workflow
from referee.text.catalogs import TRANSLATED_LANGUAGES, forget_loaded_catalogs, po_path, use_locales_dir

REPO_LOCALES = po_path("en").parents[2]
STATE = {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 1,
         "direction": "clockwise", "top": "red-7", "color": "red", "hand_counts": [7, 7, 7]}
PLAY = {"type": "play", "player": 1, "cards": ["red-3"]}
DRAW = {"type": "draw", "player": 1}
PLAYED = "{player} played {card}, and the colour in play is now {color}."
DREW = ("{player} drew {count} card.", "{player} drew {count} cards.")


@pytest.fixture
def locales(tmp_path):
    """A copy of the repository's catalogs, compiled, in use by this process."""
    base = tmp_path / "locales"
    shutil.copytree(REPO_LOCALES, base, ignore=shutil.ignore_patterns("*.mo"))
    for lang, compiled, problems in workflow.compile_catalogs(base=base, use_msgfmt=False):
        assert compiled, (lang, [str(problem) for problem in problems])
    previous = use_locales_dir(base)
    restart()
    yield base
    use_locales_dir(previous)
    restart()


def restart():
    """What a new process starts with: no catalog loaded, no sentence rendered."""
    forget_loaded_catalogs()
    context._sentences._entries.clear()
    tables._pages._pages.clear()


def edit(base, lang, change):
    """Change the .po as a translator's editor saves it (a little later, as file times
    may be coarser than two quick writes)."""
    path = po_path(lang, base)
    with open(path, "rb") as handle:
        catalog = read_po(handle)
    change(catalog)
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=100, include_lineno=False)
    later = time.time_ns() + 3_000_000_000
    os.utime(path, ns=(later, later))
    return path


def check(client, lang, move):
    response = client.post(f"/v1/rulesets/classic/check?lang={lang}", json={"state": STATE, "move": move})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["message"]


def english(client, move):
    return check(client, "en", move)


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_an_edited_message_is_answered_with_its_new_wording_at_once(client, locales, lang):
    before = check(client, lang, PLAY)
    assert before != english(client, PLAY)
    for _ in range(3):
        assert check(client, lang, PLAY) == before  # now cached

    def reword(catalog):
        catalog.get(PLAYED).string = "EDITED {player} {card} {color}"
    edit(locales, lang, reword)
    for _ in range(3):
        assert check(client, lang, PLAY).startswith("EDITED Bina ")


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_a_malformed_plural_entry_leaves_out_only_that_entry_after_a_restart(client, locales, lang):
    played, drew = check(client, lang, PLAY), check(client, lang, DRAW)
    assert drew != english(client, DRAW)
    path = po_path(lang, locales)
    text = path.read_text(encoding="utf-8")
    entry = text.index(f'msgid "{DREW[0]}"')
    last_form = text.index("msgstr[1]", entry)
    end_of_line = text.index("\n", last_form)
    path.write_text(text[:end_of_line + 1] + 'msgstr[2] "{player} {count} extra"\n' + text[end_of_line + 1:],
                    encoding="utf-8")
    for _ in range(2):  # while running, and after a restart
        assert check(client, lang, PLAY) == played           # the language stays
        assert check(client, lang, DRAW) == english(client, DRAW)  # the entry is left out
        restart()


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_a_catalog_broken_beyond_use_keeps_the_last_good_one_after_a_restart(client, locales, lang):
    played = check(client, lang, PLAY)
    assert played != english(client, PLAY)
    path = po_path(lang, locales)
    text = path.read_text(encoding="utf-8")
    broken = text.replace('"Plural-Forms: nplurals=', '"Plural-Forms: nplurals=0; plural=(n/0); x=', 1)
    assert broken != text
    path.write_text(broken, encoding="utf-8")
    later = time.time_ns() + 3_000_000_000
    os.utime(path, ns=(later, later))
    for _ in range(2):  # while running, and after a restart
        assert check(client, lang, PLAY) == played
        restart()


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_a_tables_event_page_is_answered_with_the_new_wording_at_once(client, locales, lang):
    opened = client.post("/v1/tables", json={"ruleset": "classic", "players": STATE["players"],
                                             "dealer": 0, "first_card": "red-7"}).get_json()
    played = client.post(f"/v1/tables/{opened['id']}/moves", json={"move": PLAY})
    assert played.status_code == 200 and played.get_json()["legal"]

    def page():
        response = client.get(f"/v1/tables/{opened['id']}/events?lang={lang}")
        assert response.status_code == 200
        return response.get_json()["events"][-1]["verdict"]["message"]
    before = page()
    assert page() == before and not before.startswith("EDITED")

    def reword(catalog):
        catalog.get(PLAYED).string = "EDITED {player} {card} {color}"
    edit(locales, lang, reword)
    assert page().startswith("EDITED Bina ")
