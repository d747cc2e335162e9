"""docs/verdicts.md documents every verdict code with a real example."""
import subprocess
import sys
from pathlib import Path

from referee.engine.codes import CODES

ROOT = Path(__file__).resolve().parents[2]


def test_the_verdict_document_is_up_to_date():
    result = subprocess.run([sys.executable, str(ROOT / "scripts/verdict_docs.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_code_has_an_example_from_a_scenario():
    text = (ROOT / "docs/verdicts.md").read_text(encoding="utf-8")
    for code in CODES:
        section = text.split(f"### `{code}`")[1].split("\n### ")[0]
        assert "Example (" in section, f"{code} has no example"
