"""The store's events: every action is one transaction with its log entry, and a
refused one leaves nothing behind; a round's number is taken once per event."""
import secrets

import pytest

from referee.store import EventConflict


def new_event(store):
    event_id = secrets.token_urlsafe(9)
    store.create_event(event_id=event_id, owner="org", name="Store night", ruleset_id="classic",
                       ruleset_version=1, document={"players": ["A", "B", "C"]},
                       entry={"type": "created"})
    return event_id


def seat_round(number):
    def act(actions, event, rounds):
        actions.start_round(number, "heat", [(["A", "B", "C"], "AAAA-BBBB")])
        return {"type": "seated", "round": number}, None
    return act


def test_an_action_appends_its_entry_with_the_next_seq(store):
    event_id = new_event(store)
    seq, _ = store.act_on_event(event_id, seat_round(1))
    assert seq == 2 and store.get_event(event_id).seq == 2
    assert [(e.seq, e.entry["type"]) for e in store.event_log(event_id)] == [(1, "created"), (2, "seated")]
    [event_round] = store.event_rounds(event_id)
    assert event_round.started_seq == 2 and event_round.tables[0].players == ["A", "B", "C"]


def test_a_round_number_is_taken_once_and_a_refused_action_records_nothing(store):
    event_id = new_event(store)
    store.act_on_event(event_id, seat_round(1))
    with pytest.raises(EventConflict) as refused:
        store.act_on_event(event_id, seat_round(1))  # past the service's checks: the key refuses
    assert refused.value.code == "round-already-started"
    assert store.get_event(event_id).seq == 2
    assert len(store.event_log(event_id)) == 2 and len(store.event_rounds(event_id)) == 1


def test_an_action_that_raises_midway_leaves_no_trace(store):
    event_id = new_event(store)

    def half_done(actions, event, rounds):
        actions.start_round(1, "heat", [(["A", "B", "C"], "CCCC-DDDD")])
        raise EventConflict("event-over")
    with pytest.raises(EventConflict):
        store.act_on_event(event_id, half_done)
    assert store.event_rounds(event_id) == [] and store.get_event(event_id).seq == 1


def test_captain_tokens_name_their_event(store):
    event_id = new_event(store)

    def add(actions, event, rounds):
        actions.add_captain("Captain", "d" * 64)
        return {"type": "captain-added"}, None
    store.act_on_event(event_id, add)
    assert store.captain_event("d" * 64) == event_id
    assert store.captain_event("e" * 64) is None
