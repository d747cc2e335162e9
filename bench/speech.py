#!/usr/bin/env python3
"""What saying a verdict aloud costs beside judging it, measured in the same run.

Real sentences: a few moves judged by POST /v1/rulesets/classic/check?lang=xx (the
verdict's message and its `next` sentence), each then asked of GET /v1/speech in the
same language, through the Flask app in process (the test client: no network, no
server), so the times are the service's own. Per sentence: the time to judge its move,
the time to synthesise it (a cache miss: espeak-ng and opusenc), the time of a second
ask (the cache), the Ogg Opus bytes and the spoken seconds (opusdec, then soxi -D).
Then per language the medians, and the bytes a second of speech.

Then, with --common N (20 by default; 0 skips it), the N most common verdicts: random
games of Classic (referee.engine.simulate, 3 players, seeded) counted by verdict code;
one recorded move of each judged
again through POST /check in each language (the judge's time), and both what the page
says aloud (`spoken`, verdict then next) and the written `message`s said by espeak-ng
(its WAV's length: the seconds of speech; opusenc changes nothing there), side by side.

Needs espeak-ng, opus-tools and sox (scripts/system-deps.sh).
Usage: .venv/bin/python bench/speech.py [--langs en,gu,hi,ne,te] [--common 20] [--quiet]
"""
import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.api import create_app  # noqa: E402
from referee.api.hints import move_json  # noqa: E402
from referee.engine.judge import judge  # noqa: E402
from referee.engine.rules import compile_rules  # noqa: E402
from referee.engine.simulate import simulate  # noqa: E402
from referee.rules import builtin_rulesets  # noqa: E402
from referee.service import speech  # noqa: E402
from referee.store.testing import migrated  # noqa: E402

OPENING = {"ruleset": "classic", "players": ["Asha", "Bina", "Chirag"], "dealer": 0,
           "first_card": "red-7"}
# Bina (seat 1) is to play on red 7; each move is judged against that state.
MOVES = [
    {"type": "play", "player": 1, "cards": ["red-3"]},
    {"type": "play", "player": 1, "cards": ["blue-4"]},
    {"type": "play", "player": 1, "cards": ["wild-draw-four"], "color": "blue"},
    {"type": "play", "player": 1, "cards": ["red-skip"]},
    {"type": "draw", "player": 1},
    {"type": "call-uno", "player": 1},
    {"type": "catch-uno", "player": 2, "target": 1},
]
SENTENCES = 10


def timed(call):
    started = time.perf_counter()
    answer = call()
    return answer, (time.perf_counter() - started) * 1000


def seconds_of(audio, directory):
    encoded, decoded = Path(directory) / "s.opus", Path(directory) / "s.wav"
    encoded.write_bytes(audio)
    subprocess.run(["opusdec", "--quiet", str(encoded), str(decoded)], check=True)
    return float(subprocess.run(["soxi", "-D", str(decoded)], capture_output=True, text=True,
                                check=True).stdout)


def sentences(client, state, lang):
    """About SENTENCES distinct sentences in `lang`, each with the ms its move took."""
    found = {}
    for move in MOVES:
        response, judged = timed(lambda: client.post(
            f"/v1/rulesets/classic/check?lang={lang}", json={"state": state, "move": move}))
        verdict = response.get_json()
        for text in (verdict["message"], (verdict.get("next") or {}).get("message")):
            if text and text not in found:
                found[text] = judged
    return list(found.items())[:SENTENCES]


def said_seconds(text, lang):
    """How long espeak-ng takes to say `text` (as GET /v1/speech would: substituted)."""
    voice = speech.voice_for(lang)
    wav = speech._espeak_wav(speech.VOICES[voice], speech.spoken(text, voice),
                             time.monotonic() + speech.TIMEOUT_SECONDS)
    return (len(wav) - speech.WAV_HEADER) / (speech.SAMPLE_RATE * 2)


def common_moves(count, games=40, seed=28):
    """The `count` most common verdicts in random Classic games: one (state, move, hand)
    recorded for each verdict code, and how often it came."""
    rules = compile_rules(builtin_rulesets()["classic"].data)
    stats = simulate(rules, games, seed, 3, check=False, record=True)
    heard, example = {}, {}
    for state, move, hand in stats.recorded:
        verdict = judge(rules, state, move, hand)
        key = verdict.code
        heard[key] = heard.get(key, 0) + 1
        if key not in example:
            state_json = state.to_json()
            state_json["players"] = OPENING["players"]  # names as a table types them
            example[key] = (state_json, move_json(move), hand)
    ranked = sorted(heard, key=lambda key: -heard[key])[:count]
    return [(key, heard[key], sum(heard.values()), example[key]) for key in ranked]


def common_verdicts(client, langs, count, quiet):
    """Per language, the spoken and the written seconds of the `count` most common."""
    examples = common_moves(count)
    print(f"\nThe {len(examples)} most common verdicts (random Classic games): seconds said "
          "aloud: the verdict's spoken words, those with next's (what the page says) | the "
          "written messages")
    summary = []
    for lang in langs:
        rows = []
        for code, times, total, (state, move, hand) in examples:
            request = {"state": state, "move": move}
            if hand is not None:
                request["hand"] = [str(card) for card in hand]
            response, judged = timed(lambda: client.post(
                f"/v1/rulesets/classic/check?lang={lang}", json=request))
            verdict = response.get_json()
            assert response.status_code == 200, verdict
            action = verdict.get("next") or {}
            spoken = " ".join(filter(None, (verdict["spoken"], action.get("spoken"))))
            written = " ".join(filter(None, (verdict["message"], action.get("message"))))
            rows.append((judged, said_seconds(verdict["spoken"], lang), said_seconds(spoken, lang),
                         said_seconds(written, lang)))
            if not quiet:
                print(f"{lang}  {100 * times / total:4.1f}%  {code:22} judge {judged:5.2f} ms  "
                      f"verdict {rows[-1][1]:4.1f} s, with next {rows[-1][2]:4.1f} s | written "
                      f"{rows[-1][3]:4.1f} s  {spoken}")
        summary.append((lang, rows))
    print(f"\n{'lang':4}  {'n':>2}  {'judge ms':>8}  {'verdict s':>9}  {'<= 4 s':>6}  "
          f"{'with next s':>11}  {'max':>5}  {'<= 4 s':>6}  {'written s':>9}  {'max':>5}  (medians)")
    for lang, rows in summary:
        judged, verdict, spoken, written = zip(*rows)
        print(f"{lang:4}  {len(rows):2d}  {statistics.median(judged):8.2f}  "
              f"{statistics.median(verdict):9.2f}  {sum(s <= 4 for s in verdict):3d}/{len(rows):<2d}  "
              f"{statistics.median(spoken):11.2f}  {max(spoken):5.1f}  "
              f"{sum(s <= 4 for s in spoken):3d}/{len(rows):<2d}  {statistics.median(written):9.2f}  "
              f"{max(written):5.1f}")

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--langs", default="en,gu,hi,ne,te")
    parser.add_argument("--quiet", action="store_true", help="only the per-language lines")
    parser.add_argument("--common", type=int, default=20,
                        help="how many of the most common verdicts to time said aloud (0: none)")
    args = parser.parse_args()
    directory = tempfile.mkdtemp(prefix="referee-speech-")
    app = create_app({"DATABASE_URL": migrated(f"sqlite:///{directory}/bench.db"),
                      "RATE_LIMITS": "off"})
    client = app.test_client()
    state = client.post("/v1/tables", json=OPENING).get_json()["state"]
    client.get("/v1/speech", query_string={"lang": "en", "text": "Warm up."})  # version read
    summary = []
    for lang in args.langs.split(","):
        rows = []
        for text, judged in sentences(client, state, lang):
            query = {"lang": lang, "text": text}
            response, made = timed(lambda: client.get("/v1/speech", query_string=query))
            assert response.status_code == 200, response.get_data()[:300]
            again, cached = timed(lambda: client.get("/v1/speech", query_string=query))
            assert again.data == response.data
            rows.append((judged, made, cached, len(response.data),
                         seconds_of(response.data, directory), len(text)))
            if not args.quiet:
                print(f"{lang}  judge {judged:6.2f} ms  synth {made:6.1f} ms  cached "
                      f"{cached:5.2f} ms  {len(response.data):6d} B  {rows[-1][4]:5.2f} s  "
                      f"{len(text):3d} ch  {text}")
        median = [statistics.median(column) for column in zip(*rows)]
        summary.append((lang, len(rows), *median,
                        sum(r[3] for r in rows) / sum(r[4] for r in rows)))
    print(f"\n{'lang':4}  {'n':>2}  {'judge ms':>8}  {'synth ms':>8}  {'cached ms':>9}  "
          f"{'bytes':>6}  {'spoken s':>8}  {'chars':>5}  {'B/s':>5}  (medians; B/s over all)")
    for lang, count, judged, made, cached, size, seconds, chars, rate in summary:
        print(f"{lang:4}  {count:2d}  {judged:8.2f}  {made:8.1f}  {cached:9.2f}  {size:6.0f}  "
              f"{seconds:8.2f}  {chars:5.0f}  {rate:5.0f}")
    if args.common:
        common_verdicts(client, args.langs.split(","), args.common, args.quiet)
    app.extensions["referee"].store.dispose()


if __name__ == "__main__":
    main()
