"""Whole rounds through the HTTP API exactly as a phone app plays them: real shuffled
cards, `next` alone deciding who acts and what they may do, a mistaken entry taken
back, a challenged Wild Draw Four, a caught missed UNO, points scoring (a wrong
total corrected too), and the log replayed to every state."""
from referee.engine.corrections import replay

from phone import RULES, Phone

PLAYERS = ["Asha", "Bina", "Chirag", "Deepa"]
MAX_TURNS = 500


class Script:
    """The moments the test wants, each played once, and what each turn cost."""

    def __init__(self):
        self.mistake_done = self.challenge_done = self.forgot_uno_done = False
        self.turns = {}   # kind -> (requests, bytes received)

    def cost(self, phone, kind, since):
        requests, received = since
        self.turns.setdefault(kind, (phone.requests - requests, phone.received - received))


def take_back_a_mistake(phone, seat, card):
    """The phone records the wrong card, sees it, and takes it back."""
    before = phone.seq
    wrong = next(c for c in RULES[phone.ruleset].deck
                 if c not in phone.hands[seat] and c != card
                 and RULES[phone.ruleset].cards[c].kind.category == "number"
                 and RULES[phone.ruleset].cards[c].color == phone.state["color"])
    mistaken = phone.send({"type": "play", "player": seat, "cards": [wrong]})
    assert mistaken["code"] == "played"
    undone = phone.send({"type": "correct", "to_seq": before, "player": seat,
                         "reason": "tapped the wrong card"})
    assert undone["code"] == "corrected" and undone["details"]["count"] == 1
    assert undone["state"] == phone.states[before]
    assert "tapped the wrong card" in undone["message"]
    assert undone["next"]["player"] == seat


def answer_pending(phone, script):
    nxt, seat = phone.next, phone.next["player"]
    if "challenge" in nxt["moves"] and not script.challenge_done:
        offender = nxt["by"]
        since = (phone.requests, phone.received)
        answer = phone.send({"type": "challenge", "player": seat, "hand": phone.hands[offender]})
        assert answer["code"] in ("challenge-succeeded", "challenge-failed")
        phone.after_effects(answer)
        script.challenge_done = True
        script.cost(phone, "challenge", since)
        return
    if nxt["situation"] == "answer-draw":
        phone.after_effects(phone.send({"type": "accept", "player": seat}))
        return
    settle_launcher(phone, seat, nxt["count"])


def settle_launcher(phone, seat, presses):
    """The player presses the launcher as often as owed; it fires what it fires."""
    fired = phone.take(seat, phone.rng.choice((0, 0, 1, 2)) if presses else 1)
    phone.send({"type": "draw", "player": seat, "presses": presses or 1, "count": len(fired)})


def play_turn(phone, script):
    nxt, seat = phone.next, phone.next["player"]
    since = (phone.requests, phone.received)
    if nxt["situation"] == "extra-play":
        phone.send({"type": "pass", "player": seat})
        return
    cards = phone.playable(seat)
    if cards and not script.mistake_done and phone.seq >= 3:
        take_back_a_mistake(phone, seat, cards[0])
        script.mistake_done = True
        since = (phone.requests, phone.received)
    if cards:
        forget = not script.forgot_uno_done and len(phone.hands[seat]) == 2
        answer = phone.play(seat, cards[0], uno=False if forget else None)
        script.cost(phone, "play", since)
        if forget and answer["code"] != "went-out":
            catch(phone, script, seat)
        return
    drawn = draw(phone, seat)
    if drawn and phone.next["player"] == seat and drawn in phone.playable(seat):
        phone.play(seat, drawn)
        script.cost(phone, "draw then play", since)
    elif phone.next["player"] == seat and "pass" in phone.next["moves"]:
        phone.send({"type": "pass", "player": seat})


def draw(phone, seat):
    if phone.rules.draw_source == "launcher":
        fired = phone.take(seat, phone.rng.choice((0, 1, 1, 2)))
        phone.send({"type": "draw", "player": seat, "count": len(fired)})
        return fired[-1] if fired else None
    card = phone.take(seat, 1)
    phone.send({"type": "draw", "player": seat, "cards": card})
    return card[-1] if card else None


def catch(phone, script, target):
    """Someone else at the table saw the forgotten UNO: `next` says who is catchable."""
    assert target in phone.next["catchable"] and "catch-uno" in phone.next["moves"]
    catcher = (target + 2) % len(PLAYERS)
    since = (phone.requests, phone.received)
    answer = phone.send({"type": "catch-uno", "player": catcher, "target": target})
    assert answer["code"] == "uno-caught"
    phone.after_effects(answer)
    script.forgot_uno_done = True
    script.cost(phone, "catch", since)


def score_with_points(phone):
    """The table counts its hands, mistypes the total once, corrects it, scores again."""
    winner = phone.state["winner"]
    points = [sum(phone.rules.cards[c].kind.score for c in hand) for hand in phone.hands]
    assert points[winner] == 0
    before = phone.seq
    wrong = list(points)
    wrong[(winner + 1) % len(PLAYERS)] += 10
    typo = phone.send({"type": "score", "points": wrong})
    assert typo["details"]["points"] == sum(points) + 10 and typo["details"]["values"]
    undone = phone.send({"type": "correct", "to_seq": before, "reason": "miscounted"})
    assert undone["next"]["situation"] == "score" and undone["state"]["scores"] == phone.states[before]["scores"]
    scored = phone.send({"type": "score", "points": points})
    assert scored["code"] in ("round-scored", "game-won")
    assert scored["state"]["scores"][winner] == sum(points)
    assert "Card values" in scored["message"]
    return scored


def play_round(phone, script):
    for _turn in range(MAX_TURNS):
        nxt = phone.next
        for debt in nxt["owed"]:
            settle_launcher(phone, debt["player"], debt["presses"])
            phone.check_counts()
            nxt = phone.next
        if nxt["situation"] == "score":
            return score_with_points(phone)
        assert nxt["player"] is not None and nxt["moves"], nxt
        if nxt["situation"] in ("answer-draw", "answer-launcher"):
            answer_pending(phone, script)
        else:
            play_turn(phone, script)
        phone.check_counts()
    raise AssertionError("the round did not end")


def check_replay(phone, client):
    log = client.get(f"/v1/tables/{phone.table}/events").get_json()
    states = replay(phone.rules, log["opening"], [event["move"] for event in log["events"]])
    assert [s.to_json() for s in states] == [phone.states[0]] + [
        event["verdict"]["state"] for event in log["events"]]
    assert len(states) == log["seq"] + 1


def test_a_whole_classic_round_as_a_phone_plays_it(client):
    phone = Phone(client, "classic", PLAYERS, seed=11)
    phone.open(rig={1: ["wild-draw-four"]})
    script = Script()
    final = play_round(phone, script)
    assert script.mistake_done and script.challenge_done and script.forgot_uno_done
    assert final["next"]["situation"] in ("deal", "game-over")
    check_replay(phone, client)
    print("\nclassic turn costs (requests, bytes):", script.turns)
    assert script.turns["play"][0] == 1 and script.turns["challenge"][0] == 1
    assert script.turns["catch"][0] == 1 and script.turns["draw then play"][0] == 2


def test_a_whole_attack_round_as_a_phone_plays_it(client):
    phone = Phone(client, "attack", PLAYERS, seed=7)
    phone.open()
    script = Script()
    script.challenge_done = True  # Attack has no challengeable card
    final = play_round(phone, script)
    assert script.mistake_done and script.forgot_uno_done
    assert final["next"]["situation"] in ("deal", "game-over")
    check_replay(phone, client)
    print("\nattack turn costs (requests, bytes):", script.turns)
