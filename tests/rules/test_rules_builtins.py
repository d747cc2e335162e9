"""The shipped rulesets: each validates, resolves with every key, and adds up."""
import json

import pytest
import yaml

from referee.rules import (RulesetError, builtin_documents, builtin_rulesets, category,
                           load_file, resolve)
from referee.rules.checks import deck_total
from referee.rules.loading import builtin_files
from referee.rules.schema import VALIDATOR

from rules_support import REPO, read_cases

KEYS = read_cases("resolved-keys.yaml")
SHIPPED = [p.relative_to(REPO).as_posix() for p in builtin_files()]


@pytest.mark.parametrize("edition, size", [("classic", 108), ("sonic", 112), ("attack", 112), ("flip", 112)])
def test_edition_deck_totals(builtins, edition, size):
    data = builtins[edition].data
    assert data["deck_size"] == size == deck_total(data)


@pytest.mark.parametrize("path", SHIPPED)
def test_every_shipped_ruleset_validates(path):
    resolved = resolve(load_file(REPO / path), builtin_documents().get)
    assert all(w.severity == "warning" for w in resolved.warnings)


def _shape_of(data):
    yield "ruleset", data
    for name in ("players", "opening", "turn", "uno", "scoring", "house"):
        yield name, data[name]
    for name in ("opening.dealer", "opening.first_card", "turn.draw", "house.doubles", "house.jump_in"):
        outer, inner = name.split(".")
        yield name, data[outer][inner]
    for kind in data["cards"].values():
        yield "card", kind
        yield "restriction", kind["restriction"]


@pytest.mark.parametrize("ruleset_id", sorted(builtin_documents()))
def test_every_shipped_ruleset_resolves_with_every_key(builtins, ruleset_id):
    data = builtins[ruleset_id].data
    for level, mapping in _shape_of(data):
        assert list(mapping) == KEYS[level], level
    for kind in data["cards"].values():
        for effect in kind["effects"]:
            shapes = KEYS["effects"][effect["type"]]   # one shape, or a list of the shapes allowed
            assert list(effect) in (shapes if isinstance(shapes[0], list) else [shapes])
    penalties = [data["uno"]["penalty"], data["uno"]["false_catch_penalty"]]
    assert all(set(p) in ({"type", "count"}, {"type", "presses"}) for p in penalties)


@pytest.mark.parametrize("ruleset_id", sorted(builtin_documents()))
def test_a_resolved_ruleset_is_itself_a_valid_json_document(builtins, ruleset_id):
    data = builtins[ruleset_id].data
    assert list(VALIDATOR.iter_errors(data)) == []
    assert json.loads(json.dumps(data, allow_nan=False)) == data


def test_defaults_are_the_official_classic_values(builtins):
    classic_text = (REPO / "rulesets" / "classic.yaml").read_text()
    written = yaml.safe_load(classic_text)
    minimal = {"id": "bare", "title": "Bare", "deck_size": written["deck_size"],
               "cards": written["cards"]}
    data = resolve(minimal, lambda _: None).data
    classic = builtins["classic"].data
    differs = {key for key in classic if data[key] != classic[key]}
    assert differs == {"id", "title", "description", "translations"}


def test_effects_get_their_optional_fields(builtins):
    cards = builtins["attack"].data["cards"]
    assert cards["wild-hit-fire"]["effects"][1] == {
        "type": "launcher", "until_cards": True, "target": "next", "presses": None}
    assert cards["skip"]["effects"] == [{"type": "skip"}, {"type": "extra-play"}]
    assert builtins["seven-o-jump-in"].data["cards"]["7"]["effects"] == [
        {"type": "trade-hands", "target": "chosen"}]


def test_kind_categories_come_from_the_data(builtins):
    cards = builtins["classic"].data["cards"]
    assert [category(cards[k]) for k in ("7", "skip", "wild-draw-four")] == ["number", "action", "wild"]


def test_builtins_are_loaded_once():
    assert builtin_rulesets() is builtin_rulesets()


def test_the_rulesets_directory_can_be_configured(tmp_path):
    rulesets_dir = tmp_path
    (rulesets_dir / "classic.yaml").write_text((REPO / "rulesets" / "classic.yaml").read_text())
    (rulesets_dir / "examples").mkdir()
    (rulesets_dir / "examples" / "short.yaml").write_text(
        "id: short\ntitle: Short game\nextends: classic\nscoring: {target: 100}\n")
    assert sorted(builtin_rulesets(rulesets_dir)) == ["classic", "short"]
    assert builtin_rulesets(rulesets_dir)["short"].data["scoring"]["target"] == 100
    assert "short" not in builtin_rulesets()  # the default directory is another


def test_two_files_with_one_id_are_an_error(tmp_path):
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text((REPO / "rulesets" / "classic.yaml").read_text())
    with pytest.raises(RulesetError) as raised:
        builtin_documents(tmp_path)
    assert [problem.code for problem in raised.value.problems] == ["id-taken"]


def test_every_builtin_file_is_named_after_its_id():
    """`extends:` suggestions read the built-in ids from the file names."""
    from referee.rules.builtin_files import builtin_files
    from referee.rules.loading import load_file
    assert {path.stem: load_file(path)["id"] for path in builtin_files()} == \
        {path.stem: path.stem for path in builtin_files()}
