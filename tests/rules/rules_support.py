"""Helpers shared by the rules tests (imported by name: pytest puts this folder on sys.path)."""
import json
from pathlib import Path

import yaml

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).resolve().parents[2]


def read_cases(name: str):
    """A trusted test-data file (our own, so the stock loader is fine here)."""
    path = FIXTURES / name
    if path.suffix == ".json":
        return json.loads(path.read_text(encoding="utf-8"))
    return yaml.safe_load(path.read_text(encoding="utf-8"))
