"""docs/problems.md lists every problem type the service answers and every ruleset
problem code, generated from the code (scripts/problem_docs.py), like docs/verdicts.md."""
import re
import subprocess
import sys
from pathlib import Path

from referee.api.mapping import DOMAIN_PROBLEMS
from referee.api.problems import ALL_PROBLEMS, HTTP_SLUGS
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


def test_every_ruleset_problem_the_code_raises_has_a_documented_code():
    """Every `coded("...")` in the package names a code of the list (coded() raises on
    an unknown one at run time; this finds it before)."""
    used = set()
    for path in (ROOT / "referee").rglob("*.py"):
        used.update(re.findall(r'''coded\(\s*"([a-z0-9-]+)"''', path.read_text(encoding="utf-8")))
    assert len(used) > 30
    assert used - set(PROBLEM_MESSAGES) == set()
