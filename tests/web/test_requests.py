"""The pages' server side without a browser: odd requests get clear answers."""
from pathlib import Path

import pytest

from referee.api import create_app
from referee.store.testing import migrated

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    database = tmp_path_factory.mktemp("web-requests") / "referee.db"
    return create_app({"DATABASE_URL": migrated(f"sqlite:///{database}"), "TESTING": True,
                       "RATE_LIMITS": "off"}).test_client()


@pytest.mark.parametrize("ruleset", ["no-such-ruleset", "../../etc/passwd", "x" * 5000, "क्लासिक", "classic\x00"])
def test_an_unknown_ruleset_gets_a_page_saying_so(client, ruleset):
    answer = client.get("/", query_string={"ruleset": ruleset, "lang": "hi"})
    assert answer.status_code == 404
    assert answer.mimetype == "text/html"
    page = answer.get_data(as_text=True)
    assert '<html lang="hi"' in page
    assert 'role="alert"' in page


@pytest.mark.parametrize("lang, accept, chosen", [
    ("te", "hi-IN", "te"),          # ?lang= wins
    ("xx", "gu-IN,en;q=0.5", "gu"),  # an unknown ?lang= is ignored
    (None, "ne-NP", "ne"),
    (None, "fr-FR", "en"),
])
def test_the_language_is_negotiated_like_the_apis(client, lang, accept, chosen):
    answer = client.get("/workshop", query_string={"lang": lang} if lang else {},
                        headers={"Accept-Language": accept})
    assert answer.headers["Content-Language"] == chosen
    assert "Accept-Language" in answer.headers["Vary"]
    assert f'<html lang="{chosen}"' in answer.get_data(as_text=True)


@pytest.mark.parametrize("body", [b"\xff\xfe\x00garbage", b"[[[[" * 100, b"a: &x 1\nb: *x\n", b""])
def test_the_comparison_answers_problems_for_anything_that_does_not_load(client, body):
    answer = client.post("/workshop/changes?lang=en", data=body,
                         headers={"Content-Type": "application/yaml"})
    assert answer.status_code == 200
    assert answer.json["changes"] == []
    assert answer.json["errors"]
    assert all("message" in problem for problem in answer.json["errors"])


def test_the_comparison_of_a_standalone_ruleset_names_no_parent(client):
    edition = (REPO / "rulesets" / "classic.yaml").read_bytes()  # extends nothing
    answer = client.post("/workshop/changes", data=edition.replace(b"id: classic", b"id: standalone"))
    assert answer.json == {"parent": None, "changes": []}


def test_the_comparison_names_each_change_in_the_language(client):
    house = b"id: short-game\ntitle: Short game\nextends: classic\nscoring:\n  target: 200\n"
    english = client.post("/workshop/changes?lang=en", data=house).json
    hindi = client.post("/workshop/changes?lang=hi", data=house).json
    assert english["parent"] == hindi["parent"] == "classic"
    assert len(english["changes"]) == len(hindi["changes"]) >= 1
    assert any("200" in change for change in english["changes"])
    assert english["changes"] != hindi["changes"]


def test_an_oversized_comparison_body_is_refused(client):
    answer = client.post("/workshop/changes", data=b"a" * (300 * 1024))
    assert answer.status_code == 413


def test_the_board_names_every_card_of_the_deck_in_the_language(client):
    english = client.get("/try/names?ruleset=attack&lang=en").json
    gujarati = client.get("/try/names?ruleset=attack&lang=gu").json
    assert [color["id"] for color in gujarati["colors"]] == ["red", "yellow", "green", "blue"]
    assert "red-0" not in gujarati["cards"]  # the Attack deck has no 0
    assert "wild-hit-fire" not in gujarati["cards"]  # a kind with no copies
    assert set(english["cards"]) == set(gujarati["cards"])
    assert gujarati["cards"]["red-hit-two"] != english["cards"]["red-hit-two"]
    assert client.get("/try/names?ruleset=no-such-ruleset").status_code == 404


def test_a_two_sided_deck_names_both_sides_and_the_cards_that_flip(client):
    names = client.get("/try/names?ruleset=flip&lang=hi").json
    assert names["first_side"] == "light"
    light, dark = names["sides"]["light"], names["sides"]["dark"]
    assert [color["id"] for color in dark["colors"]] == ["pink", "teal", "orange", "purple"]
    assert "teal-7" in dark["cards"] and "teal-7" not in light["cards"]
    assert "red-flip" in light["flips"] and "purple-flip" in dark["flips"]
    assert "red-5" not in light["flips"]
    assert dark["colors"][0]["name"] != "pink"  # in Hindi
    assert "sides" not in client.get("/try/names?ruleset=classic").json


def test_the_translators_page_agrees_with_the_check(client, tmp_path, use_locales):
    """A fuzzy entry fails `referee i18n check`, so the page must not say 100% or
    'no problems'; it shows no server file path."""
    import shutil

    from referee.text.catalogs import catalog_problems

    locales = tmp_path / "locales"
    shutil.copytree(REPO / "locales", locales, ignore=shutil.ignore_patterns("*.mo"))
    po = locales / "gu" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgid "Rule book"', '#, fuzzy\nmsgid "Rule book"', 1), encoding="utf-8")
    use_locales(locales)
    found = catalog_problems("gu")
    assert [problem.problem for problem in found] == ["fuzzy: a translator must review it"]
    page = client.get("/translators?lang=en").get_data(as_text=True)
    row = page[page.index('id="summary-gu"'):page.index("</tr>", page.index('id="summary-gu"'))]
    assert "100%" not in row and '<td class="problem-count">1</td>' in row
    section = page[page.index('<section id="gu"'):page.index("</section>", page.index('<section id="gu"'))]
    assert "The checks found no problems." not in section and "Rule book" in section
    assert str(tmp_path) not in page and "/LC_MESSAGES/" not in section


def test_a_translation_is_previewed_as_a_verdict(client):
    from referee.web.catalogs import preview_choices

    key = next(key for key, label in preview_choices() if label == "{player} called UNO.")
    page = client.post("/translators?lang=hi", data={"preview_lang": "hi", "message": key,
                                                     "translation": "{player} ने ज़ोर से UNO कहा।"})
    assert "आशा ने ज़ोर से UNO कहा।" in page.get_data(as_text=True)
    refused = client.post("/translators?lang=hi", data={"preview_lang": "hi", "message": key,
                                                        "translation": "{player.__class__} UNO"})
    assert "आशा" not in refused.get_data(as_text=True).split('id="preview"')[1].split("</section>")[0]


HOSTILE_BODIES = [
    ("deep nesting", "application/json", b"[" * 5000 + b"]" * 5000, 400),
    ("a lone surrogate", "application/json", b'{"effects": ["\\ud800"]}', None),
    ("a number past a double", "application/json", b'{"effects": [1e400]}', None),
    ("300 KiB", "application/json", b'{"effects": ["' + b"x" * 300 * 1024 + b'"]}', 413),
]


@pytest.mark.parametrize("what, kind, body, status", HOSTILE_BODIES,
                         ids=[case[0] for case in HOSTILE_BODIES])
def test_the_practice_boards_effects_read_hostile_bodies_like_the_api(client, what, kind, body, status):
    answer = client.post("/try/effects", data=body, headers={"Content-Type": kind})
    assert answer.status_code < 500, what
    if status:
        assert answer.status_code == status, (what, answer.get_data()[:200])
        assert answer.mimetype == "application/problem+json"


def test_the_translators_form_is_bounded_like_every_body(client):
    big = {"preview_lang": "hi", "message": "x", "translation": "x" * 300 * 1024}
    assert client.post("/translators", data=big).status_code == 413
    many = "&".join(f"field{n}=1" for n in range(500))
    answer = client.post("/translators", data=many,
                         headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 400


def test_the_workshop_comparison_says_a_ruleset_s_problems_in_the_page_s_language(client):
    """/workshop/changes answered a broken ruleset's problems in English on a Gujarati page."""
    text = "id: friday\ntitle: Friday\nextends: clasic\n".encode()
    english = client.post("/workshop/changes?lang=en", data=text, content_type="application/yaml").get_json()
    gujarati = client.post("/workshop/changes?lang=gu", data=text, content_type="application/yaml").get_json()
    assert english["errors"][0]["code"] == gujarati["errors"][0]["code"] == "extends-unknown-suggest"
    assert "did you mean classic?" in english["errors"][0]["message"]
    assert gujarati["errors"][0]["message"] != english["errors"][0]["message"]
    assert "classic" in gujarati["errors"][0]["message"]
