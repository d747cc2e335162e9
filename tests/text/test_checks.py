"""`referee i18n check` and `compile`: each kind of broken catalog is reported with its
file, line and msgid, and compiling never ships a catalog that fails the check."""
import gettext
import json

import pytest
from click.testing import CliRunner

from referee.cli import main
from referee.text.checks import check_catalog, plural_forms_problem

from text_support import CASES, FIXTURES, copy_fixture

FAILURES = json.loads((CASES / "check_failures.json").read_text(encoding="utf-8"))


def matching(problems, case):
    return [problem for problem in problems
            if problem.line == case["line"] and problem.msgid == case["msgid"] and case["problem"] in problem.problem]


@pytest.mark.parametrize("case", FAILURES, ids=[f"{c['fixture']}:{c['problem'][:30]}" for c in FAILURES])
def test_each_broken_catalog_is_reported(case):
    problems = check_catalog(FIXTURES / case["fixture"])
    found = matching(problems, case)
    assert found, [str(problem) for problem in problems]
    assert all(problem.blocking == case["blocks_compile"] for problem in found)


def test_a_good_catalog_has_no_problems():
    assert check_catalog(FIXTURES / "good.po") == []


@pytest.mark.parametrize("header, broken", [
    ((2, "(n != 1)"), False), ((2, "(n > 1)"), False), ((1, "0"), False),
    ((3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"), False),
    ((2, "n%0"), True), ((2, "n/(n-500)"), True), ((2, "n"), True), ((2, "(n >"), True),
    ((2, "__import__('os')"), True), ((0, "0"), True),
])
def test_plural_forms_are_evaluated_for_n_up_to_1000(header, broken):
    assert (plural_forms_problem(*header) is not None) == broken


def test_check_prints_one_line_per_problem_and_fails(locales):
    copy_fixture("foreign_placeholder.po", locales, "gu")
    copy_fixture("good.po", locales, "hi")
    result = CliRunner().invoke(main, ["i18n", "check", "--lang", "gu", "--lang", "hi"])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines == [f"{locales}/gu/LC_MESSAGES/messages.po:13: {{player}} ended their turn.: "
                     "placeholder {secret} is not in the msgid"]


def test_check_passes_on_good_catalogs(locales):
    copy_fixture("good.po", locales, "hi")
    result = CliRunner().invoke(main, ["i18n", "check", "--lang", "hi"])
    assert result.exit_code == 0 and result.stdout == ""


def test_compile_writes_a_working_mo(locales):
    copy_fixture("good.po", locales, "hi")
    result = CliRunner().invoke(main, ["i18n", "compile", "--lang", "hi"])
    assert result.exit_code == 0, result.output
    mo = locales / "hi" / "LC_MESSAGES" / "messages.mo"
    with open(mo, "rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    assert compiled.ngettext("{player} drew {count} card.", "{player} drew {count} cards.", 5) == "{player} ने {count} पत्ते लिए।"
    assert sorted(path.name for path in mo.parent.iterdir()) == ["messages.mo", "messages.po"]


def test_compile_refuses_a_broken_catalog_and_keeps_the_old_mo(locales):
    copy_fixture("good.po", locales, "gu")
    runner = CliRunner()
    assert runner.invoke(main, ["i18n", "compile", "--lang", "gu"]).exit_code == 0
    mo = locales / "gu" / "LC_MESSAGES" / "messages.mo"
    before = mo.read_bytes()
    copy_fixture("attribute_access.po", locales, "gu")
    result = runner.invoke(main, ["i18n", "compile", "--lang", "gu"])
    assert result.exit_code == 1
    assert "__globals__" in result.stderr and "refused gu" in result.stderr
    assert mo.read_bytes() == before
    assert sorted(path.name for path in mo.parent.iterdir()) == ["messages.mo", "messages.po"]  # no temp file left


def test_compile_accepts_an_unfinished_catalog(locales):
    """Untranslated entries show in English; they do not stop the service's catalogs."""
    copy_fixture("untranslated.po", locales, "te")
    result = CliRunner().invoke(main, ["i18n", "compile", "--lang", "te"])
    assert result.exit_code == 0
    assert "1 entries still untranslated or fuzzy" in result.stdout


def test_a_fuzzy_entry_is_only_reported_as_fuzzy():
    """Fuzzy entries are never used until reviewed, so their placeholders block nothing."""
    problems = check_catalog(FIXTURES / "fuzzy_foreign_placeholder.po")
    assert [(problem.problem, problem.blocking) for problem in problems] == [
        ("fuzzy: a translator must review it", False)]


def test_messages_missing_from_a_catalog_are_reported(tmp_path):
    template = tmp_path / "messages.pot"
    template.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                        'msgid "{player} ended their turn."\nmsgstr ""\n\nmsgid "A new sentence."\nmsgstr ""\n',
                        encoding="utf-8")
    problems = check_catalog(FIXTURES / "good.po", template_path=template)
    assert [str(problem) for problem in problems] == [
        f"{FIXTURES / 'good.po'}:0: A new sentence.: missing: merge messages.pot with `referee i18n update --lang hi`"]
    assert not problems[0].blocking
