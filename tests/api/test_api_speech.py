"""GET /v1/speech: a verdict said aloud in each language, valid Ogg Opus of a plausible
length, synthesised once per sentence, with a problem for every text it will not say.

The tests that synthesise need Debian's espeak-ng, opus-tools and sox
(scripts/system-deps.sh): without them they skip, saying so, and in CI (CI=true)
they fail."""
import os
import shutil
import subprocess
import threading
import time

import pytest

from apitest import problem
from referee.api import create_app
from referee.service import speech
from referee.store.testing import migrated

TOOLS = ("espeak-ng", "opusenc", "opusinfo", "opusdec", "soxi")
LANGS = ("en", "gu", "hi", "ne", "te")


@pytest.fixture(scope="module")
def tools():
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        message = (f"missing {', '.join(missing)}: the speech tests need Debian's espeak-ng, "
                   "opus-tools and sox (run scripts/system-deps.sh)")
        if os.environ.get("CI") == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)


def say(client, lang, text, headers=None):
    return client.get("/v1/speech", query_string={"lang": lang, "text": text}, headers=headers)


def verdict_message(client, table, lang, move):
    response = client.post(f"/v1/rulesets/classic/check?lang={lang}",
                           json={"state": table["state"], "move": move})
    assert response.status_code == 200
    return response.get_json()["message"]


def seconds_of(audio, tmp_path):
    """The audio decoded by opusdec, as soxi measures it; and opusinfo's channel count."""
    encoded, decoded = tmp_path / "said.opus", tmp_path / "said.wav"
    encoded.write_bytes(audio)
    info = subprocess.run(["opusinfo", str(encoded)], capture_output=True, text=True, timeout=10)
    assert info.returncode == 0, info.stdout + info.stderr
    subprocess.run(["opusdec", "--quiet", str(encoded), str(decoded)], check=True, timeout=10)
    duration = subprocess.run(["soxi", "-D", str(decoded)], capture_output=True, text=True,
                              check=True, timeout=10)
    return float(duration.stdout), "Channels: 1" in info.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_a_verdict_is_said_in_each_language_as_small_valid_opus(tools, client, table, lang,
                                                                 tmp_path):
    text = verdict_message(client, table, lang, {"type": "play", "player": 1, "cards": ["red-3"]})
    response = say(client, lang, text)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.headers["Content-Type"] == "audio/ogg; codecs=opus"
    assert response.headers["Content-Language"] == lang
    assert "immutable" in response.headers["Cache-Control"]
    audio = response.data
    assert audio.startswith(b"OggS") and b"OpusHead" in audio[:100]
    seconds, mono = seconds_of(audio, tmp_path)
    assert mono
    assert 0.3 <= seconds <= 8, (lang, text, seconds)
    # 16 kbit/s: about 2 KB a second of speech, headers included (WAV: 44 KB a second)
    assert len(audio) < 3000 * seconds + 1000, (len(audio), seconds)


def test_the_same_sentence_is_synthesised_once_and_answered_from_the_cache(tools, app, client):
    text = f"Asha played blue {time.time_ns() % 1000}, and UNO is called."
    before = _syntheses(app)
    first = say(client, "en", text)
    second = say(client, "en", text)
    assert first.status_code == second.status_code == 200
    assert first.data == second.data and first.headers["ETag"] == second.headers["ETag"]
    assert _syntheses(app) == before + 1
    # a phone that has it sends the ETag back: 304, nothing synthesised
    again = say(client, "en", text, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    assert _syntheses(app) == before + 1


def test_a_range_is_answered_for_players_that_ask_for_one(tools, client):
    whole = say(client, "hi", "Asha ने लाल 3 खेला।")
    part = say(client, "hi", "Asha ने लाल 3 खेला।", headers={"Range": "bytes=0-3"})
    assert part.status_code == 206 and part.data == whole.data[:4] == b"OggS"
    assert part.headers["Content-Range"] == f"bytes 0-3/{len(whole.data)}"


def _syntheses(app):
    cache = app.extensions.get("referee.speech")
    return cache.stats()["syntheses"] if cache is not None else 0


def test_phones_asking_for_one_sentence_at_once_wait_for_one_synthesis():
    cache = speech.SpeechCache()
    made = []

    def make():
        made.append(1)
        time.sleep(0.2)
        return b"OggS audio"

    answers = []
    threads = [threading.Thread(target=lambda: answers.append(cache.get("k", make)))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [b"OggS audio"] * 4 and len(made) == 1


def test_the_cache_keeps_its_bounds_dropping_the_least_recently_used():
    cache = speech.SpeechCache(max_bytes=100, max_entries=3)
    for key in "abc":
        cache.get(key, lambda: b"x" * 30)
    cache.get("a", lambda: pytest.fail("a is cached"))  # a is now the most recent
    cache.get("d", lambda: b"x" * 30)
    assert cache.stats()["entries"] == 3 and cache.stats()["bytes"] == 90
    assert cache.cached("b") is None and cache.cached("a") is not None
    cache.get("e", lambda: b"x" * 60)  # 150 bytes: the oldest go until 100 fit
    assert cache.stats()["bytes"] <= 100 and cache.cached("e") is not None
    cache.get("big", lambda: b"x" * 101)  # larger than the whole cache: answered, not kept
    assert cache.cached("big") is None


@pytest.mark.parametrize("text, code", [
    ("", "required"),
    ("   ", "required"),
    ("a" * 301, "out-of-range"),
    ("Asha\x07 played", "unspeakable-character"),
    ("Asha\nplayed", "unspeakable-character"),
    ("Asha\u202eplayed", "unspeakable-character"),     # a bidi override
    ("Asha\ue000", "unspeakable-character"),           # private use
    ("<speak>Asha</speak>", "markup"),
    ('Asha <audio src="x"/>', "markup"),
    ("Asha [[h@loU]]", "markup"),                      # espeak-ng's phoneme input
])
def test_hostile_text_is_refused_with_its_code_and_nothing_synthesised(app, client, text, code):
    before = _syntheses(app)
    body = problem(say(client, "en", text), 422)
    assert body["errors"][0]["code"] == code and body["errors"][0]["path"] == "/text"
    assert _syntheses(app) == before


def test_joiners_that_indic_scripts_use_are_not_refused():
    assert speech.refusals("क्\u200dष and క్\u200cష") == []


def test_missing_parameters_and_a_language_without_a_voice_are_problems(client):
    body = problem(say(client, "ta", "வணக்கம்"), 422)
    assert body["type"] == "/docs#problem-no-voice"
    assert body["errors"][0]["code"] == "no-voice" and body["errors"][0]["path"] == "/lang"
    body = problem(client.get("/v1/speech", query_string={"text": "Asha"}), 422)
    assert body["errors"][0] == {**body["errors"][0], "path": "/lang", "code": "required"}
    body = problem(client.get("/v1/speech", query_string={"lang": "en"}), 422)
    assert body["errors"][0]["code"] == "required"
    problem(say(client, "x" * 36, "Asha"), 400)  # longer than a language tag


def test_a_region_of_a_served_language_is_that_language(tools, client):
    assert say(client, "hi-IN", "Asha ने लाल 3 खेला।").headers["Content-Language"] == "hi"


def test_a_text_that_would_take_too_long_to_say_is_refused(tools, client):
    body = problem(say(client, "en", "9, " * 100), 422)  # "nine" and a pause, 100 times: 55 s
    assert body["errors"][0]["code"] == "speech-too-long"


def test_without_espeak_ng_the_answer_is_503_saying_so(client, monkeypatch):
    monkeypatch.setattr(speech, "ESPEAK", "espeak-ng-not-installed")
    monkeypatch.setattr(speech, "_espeak_version", None)
    response = say(client, "en", "Asha played red 3.")
    body = problem(response, 503)
    assert body["type"] == "/docs#problem-speech-unavailable"
    assert "espeak-ng is not installed" in body["detail"] and response.headers["Retry-After"]


def test_a_voice_missing_from_espeak_ng_is_503_naming_it(tools, client, monkeypatch):
    monkeypatch.setitem(speech.VOICES, "te", "xx-no-such-voice")
    body = problem(say(client, "te", f"Bina {time.time_ns()} ఎరుపు 3 వేశారు."), 503)
    assert "espeak-ng failed with voice 'xx-no-such-voice'" in body["detail"]


def test_a_hanging_synthesiser_is_stopped_at_the_deadline(client, monkeypatch, tmp_path):
    hanging = tmp_path / "espeak-ng"
    hanging.write_text("#!/bin/sh\nexec sleep 30\n")
    hanging.chmod(0o755)
    monkeypatch.setattr(speech, "ESPEAK", str(hanging))
    monkeypatch.setattr(speech, "_espeak_version", "a hanging espeak-ng")
    monkeypatch.setattr(speech, "TIMEOUT_SECONDS", 0.5)
    started = time.monotonic()
    body = problem(say(client, "en", f"Asha waits {time.time_ns()}."), 503)
    assert time.monotonic() - started < 3
    assert "took more than 0.5 s" in body["detail"]


def test_syntheses_are_rate_limited_and_answers_from_the_cache_are_not(tools, database_url):
    # Per day: limits are fixed windows, and a minute's window could turn over between
    # the second synthesis and the third on a slow machine.
    app = create_app({"DATABASE_URL": migrated(database_url), "TESTING": True,
                      "RATE_LIMIT_SPEECH": "2 per day"})
    client = app.test_client()
    try:
        stamp = time.time_ns()
        assert say(client, "en", f"Asha {stamp} one.").status_code == 200
        for _ in range(5):  # cached: free
            assert say(client, "en", f"Asha {stamp} one.").status_code == 200
        assert say(client, "en", f"Asha {stamp} two.").status_code == 200
        refused = say(client, "en", f"Asha {stamp} three.")
        problem(refused, 429)
        assert int(refused.headers["Retry-After"]) >= 1
        assert _syntheses(app) == 2
    finally:
        app.extensions["referee"].store.dispose()


# The spoken forms (speech.SPOKEN), checked by what espeak-ng makes of them: its
# phonemes, with "(en)" where the voice switches to English mid-sentence.
def phonemes(lang, text):
    done = subprocess.run(["espeak-ng", "-q", "-x", "-v", speech.VOICES[lang], "--stdin"],
                          input=text, capture_output=True, text=True, timeout=10, check=True)
    return done.stdout.strip()


@pytest.mark.parametrize("lang", ["gu", "hi", "ne", "te"])
def test_uno_is_said_in_the_voice_of_the_sentence(tools, lang):
    assert "(en)" in phonemes(lang, "UNO")  # what the voice would do with the Latin word
    said = speech.spoken("Asha calls UNO, UNO!", lang)
    assert "UNO" not in said
    assert "(en)" not in phonemes(lang, said.replace("Asha calls", ""))


def test_the_nepali_voice_hears_devanagari_digits_and_the_others_keep_latin_ones(tools):
    assert "(en)" in phonemes("ne", "7")
    assert speech.spoken("Binaको हातमा 7 वटा कार्ड, 12", "ne") == "Binaको हातमा ७ वटा कार्ड, १२"
    assert "(en)" not in phonemes("ne", speech.spoken("7 12", "ne"))
    for lang in ("gu", "hi", "te"):
        assert speech.spoken("7", lang) == "7" and "(en)" not in phonemes(lang, "7 12")


def test_uno_inside_another_word_or_in_lower_case_is_left_alone():
    assert speech.spoken("Juno UNOS uno", "hi") == "Juno UNOS uno"
    assert speech.spoken("UNOनो", "hi") == "ऊनोनो"
    assert speech.spoken(" a\u00a0 b  UNO ", "en") == "a b Oono"
