#!/usr/bin/env python3
"""What saying a verdict aloud costs beside judging it, measured in the same run.

Real sentences: a few moves judged by POST /v1/rulesets/classic/check?lang=xx (the
verdict's message and its `next` sentence), each then asked of GET /v1/speech in the
same language, through the Flask app in process (the test client: no network, no
server), so the times are the service's own. Per sentence: the time to judge its move,
the time to synthesise it (a cache miss: espeak-ng and opusenc), the time of a second
ask (the cache), the Ogg Opus bytes and the spoken seconds (opusdec, then soxi -D).
Then per language the medians, and the bytes a second of speech.

Needs espeak-ng, opus-tools and sox (scripts/system-deps.sh).
Usage: .venv/bin/python bench/speech.py [--langs en,gu,hi,ne,te] [--quiet]
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--langs", default="en,gu,hi,ne,te")
    parser.add_argument("--quiet", action="store_true", help="only the per-language lines")
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
    app.extensions["referee"].store.dispose()


if __name__ == "__main__":
    main()
