"""docs/problems.md lists every problem type the service answers and every ruleset
problem code, generated from the code (scripts/problem_docs.py), like docs/verdicts.md."""
import ast
import re
import subprocess
import sys
from pathlib import Path

from referee.api.mapping import DOMAIN_PROBLEMS
from referee.service.problems import ALL_PROBLEMS, HTTP_SLUGS
from referee.engine.errors import INPUT_CODES
from referee.rules.errors import PROBLEM_MESSAGES

ROOT = Path(__file__).resolve().parents[2]


def test_the_problem_document_is_up_to_date():
    result = subprocess.run([sys.executable, str(ROOT / "scripts/problem_docs.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_problem_type_and_ruleset_code_is_documented():
    text = (ROOT / "docs/problems.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([a-z0-9-]+)` \|", text, re.MULTILINE))
    slugs = {cls.slug for cls in ALL_PROBLEMS + DOMAIN_PROBLEMS} | set(HTTP_SLUGS.values())
    assert len(PROBLEM_MESSAGES) > 50 and len(slugs) > 15
    assert slugs - documented == set()
    assert set(PROBLEM_MESSAGES) - documented == set()
    assert set(INPUT_CODES) - documented == set()


def test_every_ruleset_problem_the_code_raises_has_a_documented_code():
    """Every `coded("...")` in the package names a code of the list (coded() raises on
    an unknown one at run time; this finds it before)."""
    used = set()
    for path in (ROOT / "referee").rglob("*.py"):
        used.update(re.findall(r'''coded\(\s*"([a-z0-9-]+)"''', path.read_text(encoding="utf-8")))
    assert len(used) > 30
    assert used - set(PROBLEM_MESSAGES) == set()


def _input_problem_codes():
    """The code argument of every problem(...), InputError.at(...) and .fail(...) call
    in the package: a literal, or each branch of a conditional of literals."""
    for path in (ROOT / "referee").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            # problem(path, message, code), InputError.at(...) and .fail(...) alike; a
            # reader's at(key) names a field, not a code.
            if name not in ("problem", "at", "fail") or len(node.args) < 3:
                continue
            code = node.args[-1]
            options = [code.body, code.orelse] if isinstance(code, ast.IfExp) else [code]
            for option in options:
                if isinstance(option, ast.Constant) and isinstance(option.value, str):
                    yield f"{path.name}:{node.lineno}", option.value


def test_every_input_problem_the_code_raises_has_a_documented_code():
    """problem() refuses an unknown code at run time (a 500); this finds it before."""
    found = list(_input_problem_codes())
    assert len(found) > 50
    assert [(where, code) for where, code in found if code not in INPUT_CODES] == []
