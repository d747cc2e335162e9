"""A move wakes every phone waiting on its table at once and they all ask for the same
page of events: it is built once for all of them (referee/api/tables.py _PageCache),
and a builder that fails leaves nobody waiting for it."""
import threading
import time

import pytest

from referee.api.tables import _PageCache

PHONES = 50


def ask_together(cache, key, build):
    answers, errors = [], []

    def phone():
        try:
            answers.append(cache.get(key, build))
        except RuntimeError as exc:
            errors.append(exc)
    phones = [threading.Thread(target=phone) for _ in range(PHONES)]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join(10)
    return answers, errors


def test_phones_asking_at_once_get_one_page_built_once():
    cache, built = _PageCache(), []

    def build():
        built.append(1)
        time.sleep(0.2)  # long enough for every phone to ask meanwhile
        return '{"events": []}'
    answers, errors = ask_together(cache, ("table", 0, 500, "en", 1), build)
    assert answers == ['{"events": []}'] * PHONES and not errors
    assert len(built) == 1


def test_when_the_builder_fails_the_others_build_the_page_themselves():
    cache, tries = _PageCache(), []

    def build():
        tries.append(1)
        if len(tries) == 1:
            time.sleep(0.2)
            raise RuntimeError("the database went away")
        return '{"events": []}'
    started = time.monotonic()
    answers, errors = ask_together(cache, ("table", 0, 500, "en", 1), build)
    assert len(errors) == 1 and len(answers) == PHONES - 1
    assert set(answers) == {'{"events": []}'}
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("size", [1, 3])
def test_the_cache_keeps_at_most_its_size(size):
    cache = _PageCache(size=size)
    for seq in range(10):
        assert cache.get(("table", 0, 500, "en", seq), lambda seq=seq: str(seq)) == str(seq)
    assert len(cache._pages) == size
