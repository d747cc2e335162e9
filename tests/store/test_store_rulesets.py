"""Ruleset versions: immutable, numbered from 1, owned by their first publisher."""
import secrets

import pytest

from referee.store import NotOwner


def publish(store, ruleset_id, owner, title="T", text="id: x"):
    return store.publish_ruleset(
        ruleset_id=ruleset_id, owner=owner, title=title, extends="classic",
        media_type="application/yaml", text=text, sha256="0" * 64,
        document={"id": ruleset_id, "title": title}, resolved={"id": ruleset_id, "title": title})


def test_versions_count_up_and_old_ones_stay_as_they_were(store):
    rid = f"house-{secrets.token_hex(4)}"
    assert publish(store, rid, "asha", title="first") == 1
    assert publish(store, rid, "asha", title="second") == 2
    assert store.get_ruleset(rid).version == 2
    assert store.get_ruleset(rid, 1).title == "first"
    assert store.get_ruleset(rid, 3) is None
    latest = {s.id: s for s in store.latest_versions()}
    assert latest[rid].version == 2 and latest[rid].title == "second"


def test_only_the_first_publisher_may_publish_a_new_version(store):
    rid = f"house-{secrets.token_hex(4)}"
    publish(store, rid, "asha")
    with pytest.raises(NotOwner):
        publish(store, rid, "bina")
    assert store.get_ruleset(rid).version == 1


def test_the_text_is_kept_as_sent(store):
    rid = f"house-{secrets.token_hex(4)}"
    text = "# ગુજરાતી comment\nid: x\n"
    publish(store, rid, "asha", text=text)
    assert store.get_ruleset(rid).text == text
