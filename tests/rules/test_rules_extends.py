"""`extends` and `remove_cards`: what a house ruleset inherits, overrides and drops."""
import copy

import pytest

from referee.rules import (RulesetError, builtin_documents, builtin_lookup, builtin_rulesets,
                           load_document, resolve)


def house(text):
    return load_document(text, "house.yaml")


def resolved(text, lookup=builtin_lookup):
    return resolve(house(text), lookup).data


def lookup_of(*texts):
    documents = {doc["id"]: doc for doc in map(house, texts)}
    return lambda ruleset_id: documents.get(ruleset_id) or builtin_documents().get(ruleset_id)


def error_of(text, lookup=builtin_lookup):
    with pytest.raises(RulesetError) as caught:
        resolve(house(text), lookup)
    return caught.value.problems


CLASSIC = "id: mine\ntitle: Mine\nextends: classic\n"


def test_an_override_changes_only_what_it_names(builtins):
    data = resolved(CLASSIC + "scoring: {target: 300}\nturn: {draw: {count: 2, max: 12}}\n")
    classic = builtins["classic"].data
    assert data["scoring"] == {**classic["scoring"], "target": 300}
    assert data["turn"]["draw"] == {**classic["turn"]["draw"], "count": 2, "max": 12}
    assert data["cards"] == classic["cards"]
    assert (data["id"], data["title"], data["extends"]) == ("mine", "Mine", "classic")


def test_lists_replace_the_parents_list():
    data = resolved(CLASSIC + "colors: [red, blue]\ndeck_size: 58\nhand_size: 5\n")
    assert data["colors"] == ["red", "blue"]


def test_card_kinds_merge_by_id(builtins):
    sonic = builtins["sonic"].data["cards"]["wild-draw-four"]
    classic = builtins["classic"].data["cards"]["wild-draw-four"]
    assert sonic["restriction"]["counts_as_match"] == ["wild", "wild-victory-lap"]
    assert {k: v for k, v in sonic.items() if k != "restriction"} == {
        k: v for k, v in classic.items() if k != "restriction"}


def test_a_mapping_whose_type_changes_is_replaced_whole():
    data = resolved("id: mine\ntitle: Mine\nextends: attack\n"
                    "uno: {penalty: {type: draw, count: 1}}\n")
    assert data["uno"]["penalty"] == {"type": "draw", "count": 1}


def test_null_drops_an_inherited_challenge():
    data = resolved(CLASSIC + "cards:\n  wild-draw-four: {challenge: null}\n")
    assert data["cards"]["wild-draw-four"]["challenge"] is None


def test_remove_cards_drops_the_parents_kinds():
    data = resolved(CLASSIC + "remove_cards: [wild-draw-four]\ndeck_size: 104\n")
    assert "wild-draw-four" not in data["cards"] and "wild" in data["cards"]
    assert "remove_cards" not in data


def test_a_removed_kind_may_be_defined_again_from_scratch():
    data = resolved(CLASSIC + "remove_cards: [skip]\ncards:\n  skip: {per_color: 2, score: 10}\n")
    assert data["cards"]["skip"]["effects"] == [] and data["cards"]["skip"]["score"] == 10


def test_removing_a_kind_the_parent_lacks_is_an_error():
    problems = error_of(CLASSIC + "remove_cards: [wild, joker]\n")
    assert [(p.path, p.line, p.column) for p in problems] == [("/remove_cards/1", 4, 22)]
    assert (problems[0].code, problems[0].params) == ("remove-unknown", {"kind": "joker", "parent": "classic"})
    assert problems[0].message == "joker cannot be removed: the ruleset classic has no such card."


def test_an_unknown_parent_is_an_error_at_extends():
    problems = error_of("id: mine\ntitle: Mine\nextends: pinochle\n")
    assert [(p.path, p.line, p.message) for p in problems] == [
        ("/extends", 3, "There is no ruleset pinochle to extend.")]


def test_a_cycle_is_an_error_at_extends():
    lookup = lookup_of("id: b\ntitle: B\nextends: a\n")
    problems = error_of("id: a\ntitle: A\n\nextends: b\n", lookup)
    assert [(p.path, p.line, p.message) for p in problems] == [
        ("/extends", 4, "The extends lines go round in a circle: a -> b -> a.")]


def test_a_ruleset_cannot_extend_itself():
    problems = error_of("id: classic\ntitle: Me again\nextends: classic\n", builtin_documents().get)
    assert problems[0].code == "extends-cycle" and "classic -> classic" in problems[0].message


def test_a_chain_of_parents_applies_in_order():
    lookup = lookup_of("id: middle\ntitle: Middle\nextends: classic\nscoring: {target: 300}\n"
                       "house: {jump_in: {enabled: true}}\n")
    data = resolved("id: top\ntitle: Top\nextends: middle\nscoring: {single_round: true}\n", lookup)
    assert data["scoring"] == {"method": "opponents-hands", "teams": "none", "multiplier": 1, "target": 300,
                               "single_round": True}
    assert data["house"]["jump_in"] == {"enabled": True}
    assert data["extends"] == "middle"


def test_an_unknown_grandparent_names_who_needs_it():
    lookup = lookup_of("id: middle\ntitle: Middle\nextends: nowhere\n")
    problems = error_of("id: top\ntitle: Top\nextends: middle\n", lookup)
    assert problems[0].message == "middle, which this ruleset extends, extends nowhere, and there is no ruleset nowhere."


def test_an_invalid_parent_is_reported_at_extends():
    broken = {"id": "broken", "title": "Broken", "extends": "classic", "hand_size": "seven"}
    problems = error_of("id: top\ntitle: Top\nextends: broken\n",
                        lambda i: broken if i == "broken" else builtin_documents().get(i))
    assert problems[0].path == "/extends" and problems[0].code == "extends-invalid"
    assert "broken" in problems[0].message


def test_a_resolved_parent_and_a_raw_parent_give_the_same_result():
    text = CLASSIC + "remove_cards: [wild-draw-four]\ndeck_size: 104\n"
    assert resolved(text, builtin_documents().get) == resolved(text, builtin_rulesets().get)


def test_a_plain_dict_resolves_without_positions():
    problems = []
    try:
        resolve({"id": "json", "title": "JSON", "extends": "classic", "deck_size": 1}, builtin_lookup)
    except RulesetError as exc:
        problems = exc.problems
    assert [(p.path, p.line) for p in problems] == [("/deck_size", None)]


def test_resolving_never_changes_the_parent(builtins):
    before = copy.deepcopy(builtins["classic"].data)
    resolved(CLASSIC + "remove_cards: [skip]\ndeck_size: 100\ncards: {wild: {score: 1}}\n"
             "turn: {draw: {count: 2}}\n")
    assert builtins["classic"].data == before


def test_a_bad_removal_in_a_parent_names_that_parent():
    lookup = lookup_of("id: middle\ntitle: Middle\nextends: classic\nremove_cards: [joker]\n")
    problems = error_of("id: top\ntitle: Top\nextends: middle\n", lookup)
    assert problems[0].message == "The ruleset middle, which this one extends, removes joker, but classic has no such card."
    assert problems[0].line is None


def test_resolve_errors_name_the_file():
    with pytest.raises(RulesetError) as caught:
        resolve(house("id: mine\ntitle: Mine\nextends: nowhere\n"), builtin_lookup)
    assert str(caught.value).startswith("house.yaml: line 3, column 1: /extends: There is no ruleset nowhere")


def test_removing_a_kind_the_parent_stacks_drops_it_from_the_parents_stacking(builtins):
    """Issue 15: a child removing a kind its parent stacks (or answers with) validated never."""
    child = {"id": "no-wd4", "title": "No Wild Draw Four", "extends": "stacking-tournament",
             "deck_size": 104, "remove_cards": ["wild-draw-four"]}
    data = resolve(child, builtins.get).data
    assert "wild-draw-four" not in data["house"]["stacking"]
    assert all("wild-draw-four" not in answers for answers in data["house"]["stacking"].values())
    assert data["house"]["stacking"]["draw-two"] == ["draw-two"]


def test_a_house_ruleset_does_not_take_its_editions_description_as_its_own(builtins):
    # Classic's description says "500 points"; a house ruleset playing to 200 that wrote
    # none would otherwise describe the rules it changed.
    assert "500" in builtins["classic"].data["description"]
    data = resolved(CLASSIC + "scoring: {target: 200}\n")
    assert data["description"] == ""
    assert resolved(CLASSIC + "description: To 200 points.\n")["description"] == "To 200 points."


def test_a_grandchild_does_not_take_its_parents_description_either():
    parent = "id: parent\ntitle: Parent\nextends: classic\ndescription: Ours, to 200.\nscoring: {target: 200}\n"
    child = "id: child\ntitle: Child\nextends: parent\nhand_size: 5\n"
    assert resolve(house(child), lookup_of(parent)).data["description"] == ""
    assert resolve(house(parent), lookup_of(parent)).data["description"] == "Ours, to 200."
