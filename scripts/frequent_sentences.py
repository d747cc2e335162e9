"""The most frequent sentences each language serves: random games of the shipped
editions, every move sent to POST /v1/rulesets/{id}/check?lang=xx (a throwaway SQLite
database, rate limits off), the verdict's message and `next` counted by shape (the
players' names set aside, so "Asha drew 1 card." and "Bina drew 1 card." count as one).

    PYTHONPATH=. python scripts/frequent_sentences.py [GAMES_PER_RULESET] [TOP]
"""
import collections
import os
import sys
import tempfile

from referee.api import create_app
from referee.api.hints import move_json
from referee.engine.rules import compiled
from referee.engine.simulate import simulate
from referee.rules import builtin_rulesets

RULESETS = ("classic", "attack", "flip", "no-mercy", "all-wild")
NAMES = {"en": ["Asha", "Bina", "Chirag"], "gu": ["આશા", "બીના", "ચિરાગ"], "hi": ["आशा", "बीना", "चिराग"],
         "ne": ["आशा", "बीना", "चिराग"], "te": ["ఆశ", "బీనా", "చిరాగ్"]}


def shape(text: str, names) -> str:
    """The sentence with every player's name replaced by one mark."""
    for name in sorted(names, key=len, reverse=True):
        # The Gujarati ergative follows the name's last letter (આશાએ, ચિરાગે): one shape.
        text = text.replace(name + "એ", "⟨player⟩એ").replace(name + "\u0ac7", "⟨player⟩એ")
        text = text.replace(name, "⟨player⟩")
    return text


def served(client, games: int):
    """{lang: Counter(shape)}, {(lang, shape): a sentence as served}."""
    counts = {lang: collections.Counter() for lang in NAMES}
    examples = {}
    for ruleset_id in RULESETS:
        rules = compiled(builtin_rulesets()[ruleset_id].data)
        for state, move, hand in simulate(rules, games, 7, 3, record=True).recorded:
            for lang, names in NAMES.items():
                body = {"state": dict(state.to_json(), players=names), "move": move_json(move)}
                if hand is not None:
                    body["hand"] = list(hand)
                answer = client.post(f"/v1/rulesets/{ruleset_id}/check?lang={lang}", json=body)
                assert answer.status_code == 200, answer.get_json()
                verdict = answer.get_json()
                for text in [verdict["message"]] + ([verdict["next"]["message"]] if verdict.get("next") else []):
                    key = shape(text, names)
                    counts[lang][key] += 1
                    examples.setdefault((lang, key), text)
    return counts, examples


def main(games: int = 2, top: int = 10) -> None:
    handle, database = tempfile.mkstemp(suffix=".db")
    os.close(handle)
    try:
        app = create_app({"DATABASE_URL": f"sqlite:///{database}", "TESTING": True, "RATE_LIMITS": "off"})
        counts, examples = served(app.test_client(), games)
        app.extensions["referee"].store.dispose()
    finally:
        os.unlink(database)
    for lang, counter in counts.items():
        print(f"\n## {lang}: {sum(counter.values())} sentences, {len(counter)} shapes")
        for key, count in counter.most_common(top):
            print(f"{count:6}  {examples[(lang, key)]}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
