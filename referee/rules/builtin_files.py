"""Where the built-in rulesets are: one file each, named after its id (a test keeps
it so), the editions in rulesets/ and the examples in rulesets/examples/."""
from __future__ import annotations

from pathlib import Path

DEFAULT_RULESETS_DIR = Path(__file__).resolve().parents[2] / "rulesets"


def rulesets_dir(root=None) -> Path:
    return Path(root).resolve() if root else DEFAULT_RULESETS_DIR


def builtin_files(root=None) -> list[Path]:
    root = rulesets_dir(root)
    return sorted(root.glob("*.yaml")) + sorted((root / "examples").glob("*.yaml"))


def builtin_ids(root=None) -> list[str]:
    """The built-in ids, read from the file names (no file is parsed)."""
    return [path.stem for path in builtin_files(root)]
