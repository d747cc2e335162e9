"""Settings come from one place (referee.config) into the app's config and the CLI's,
and the services are handed them: no module deeper down reads the environment, so a
deployment's REFEREE_* variables mean the same to the service and to `referee`
(issue 13, part 6)."""
import ast
from pathlib import Path

from click.testing import CliRunner

from referee.api import create_app
from referee.cli import main
from referee.store.testing import migrated

PACKAGE = Path(__file__).resolve().parents[2] / "referee"
REPO = PACKAGE.parent
# Where reading the environment is the point: the settings themselves, gunicorn's own
# config files (the WSGI instance's and the waiting server's, read by gunicorn before any
# app exists) and the instance directory they set up for the workers (instance.py),
# and msgfmt's environment handed on with LC_ALL=C so its messages can be parsed; and the
# metrics, whose multiprocess mode is prometheus_client's own variable, read by it at import.
READS_THE_ENVIRONMENT = {"config.py", "api/gunicorn_conf.py", "api/gunicorn_wait_conf.py",
                         "instance.py", "text/checks.py", "metrics.py"}
SHORT_GAME = "id: short\ntitle: Short game\nextends: classic\nscoring: {target: 100}\n"


def environment_reads(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv", "environb")
            and isinstance(node.value, ast.Name) and node.value.id == "os"
            or isinstance(node, ast.ImportFrom) and node.module == "os"]


def test_only_the_settings_read_the_environment():
    found = {str(path.relative_to(PACKAGE)): lines for path in sorted(PACKAGE.rglob("*.py"))
             if (lines := environment_reads(path))}
    assert found and set(found) <= READS_THE_ENVIRONMENT, found


def rulesets_dir(tmp_path):
    root = tmp_path / "rulesets"
    (root / "examples").mkdir(parents=True)
    (root / "classic.yaml").write_text((REPO / "rulesets" / "classic.yaml").read_text())
    (root / "examples" / "short.yaml").write_text(SHORT_GAME)
    return root


def listed_ids(app):
    return [entry["id"] for entry in app.test_client().get("/v1/rulesets").get_json()["rulesets"]]


def test_a_prefixed_variable_reaches_the_app_config(tmp_path, monkeypatch, database_url):
    monkeypatch.setenv("REFEREE_RULESETS_DIR", str(rulesets_dir(tmp_path)))
    app = create_app({"DATABASE_URL": migrated(database_url), "TESTING": True, "RATE_LIMITS": "off"})
    assert app.config["RULESETS_DIR"] == str(tmp_path / "rulesets")
    assert listed_ids(app)[:2] == ["classic", "short"] and "sonic" not in listed_ids(app)


def test_the_config_given_to_the_app_wins_over_the_environment(tmp_path, monkeypatch, database_url):
    monkeypatch.setenv("REFEREE_RULESETS_DIR", str(tmp_path / "nowhere"))
    app = create_app({"DATABASE_URL": migrated(database_url), "TESTING": True, "RATE_LIMITS": "off",
                      "RULESETS_DIR": str(rulesets_dir(tmp_path))})
    assert "short" in listed_ids(app)


def test_the_cli_reads_the_same_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_RULESETS_DIR", str(rulesets_dir(tmp_path)))
    result = CliRunner().invoke(main, ["show", "short", "--json"])
    assert result.exit_code == 0, result.output
    assert '"target": 100' in result.output
    monkeypatch.delenv("REFEREE_RULESETS_DIR")
    assert CliRunner().invoke(main, ["show", "short"]).exit_code != 0  # not in rulesets/


def test_the_web_pages_import_nothing_of_the_api():
    for path in (PACKAGE / "web").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("referee.api"), (path.name, node.module)
