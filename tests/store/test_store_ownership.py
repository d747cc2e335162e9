"""Ruleset ownership is a database constraint: organisers racing to publish the same
new ids never both own one (HOSTILE.md 26: with check-then-insert, 16 of 200 ids on
PostgreSQL ended with versions by two organisers)."""
import secrets
import threading

import pytest
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from referee.store import NotOwner, Store
from referee.store.db import ruleset_versions
from test_store_rulesets import publish

IDS = 100
RACERS = ("asha", "bina", "chirag", "dev")


def test_racing_organisers_never_share_an_id(store, database_url):
    stores = [Store(database_url) for _ in RACERS]  # one pool each, like separate workers
    prefix = f"race-{secrets.token_hex(3)}"
    ids = [f"{prefix}-{n}" for n in range(IDS)]
    published = {owner: [] for owner in RACERS}
    start = threading.Barrier(len(RACERS))
    errors = []

    def race(store, owner):
        start.wait()
        for ruleset_id in ids:
            try:
                publish(store, ruleset_id, owner)
                published[owner].append(ruleset_id)
            except NotOwner:
                pass
            except Exception as exc:  # reported below: a thread cannot fail the test
                errors.append(exc)

    threads = [threading.Thread(target=race, args=pair) for pair in zip(stores, RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    t = ruleset_versions
    with stores[0].engine.connect() as conn:
        rows = conn.execute(select(t.c.id, t.c.owner).where(t.c.id.like(f"{prefix}-%"))).all()
    for racer in stores:
        racer.dispose()
    assert not errors, errors[:3]
    owners = {}
    for ruleset_id, owner in rows:
        owners.setdefault(ruleset_id, set()).add(owner)
    assert sorted(owners) == sorted(ids)
    shared = {rid: names for rid, names in owners.items() if len(names) > 1}
    assert not shared, f"{len(shared)} ids have versions by two organisers"
    assert sum(map(len, published.values())) == len(rows)


def test_a_version_by_another_owner_is_refused_by_the_database(store):
    rid = f"house-{secrets.token_hex(4)}"
    publish(store, rid, "asha")
    with pytest.raises(IntegrityError), store.engine.begin() as conn:
        conn.execute(insert(ruleset_versions).values(
            id=rid, version=2, owner="bina", title="T", extends=None,
            media_type="application/yaml", text="", sha256="0" * 64, document={},
            resolved={}, created_at=store.get_ruleset(rid).created_at))
