"""schemathesis generates requests from /v1/openapi.json and checks every answer:
no 5xx, every status, content type, header and body as the document says. It runs
on SQLite, and on PostgreSQL too when DATABASE_URL names it (NUL bytes in ids were
500s there only). In its negative mode it also sends what the document forbids (a
field too long, a number past its limit, a wrong type) and checks it is refused."""
import atexit
import contextlib
import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, negative_data_rejection,
                                               response_headers_conformance,
                                               response_schema_conformance,
                                               status_code_conformance)

from referee.api import create_app
from referee.store.testing import backends, migrated, scratch_database

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]
FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))

# schemathesis wants its schema when the module is collected, so the databases are
# made here and dropped when the test process exits.
_cleanup = contextlib.ExitStack()
atexit.register(_cleanup.close)


def fuzzed_schema(backend):
    directory = Path(tempfile.mkdtemp(prefix="referee-fuzz-"))
    url = _cleanup.enter_context(scratch_database(backend, directory))
    app = create_app({"DATABASE_URL": migrated(url), "RATE_LIMITS": "off"})
    _cleanup.callback(app.extensions["referee"].store.dispose)
    return schemathesis.openapi.from_wsgi("/v1/openapi.json", app)


sqlite_schema = fuzzed_schema("sqlite")
# The WSGI path hands back the bytes as sent: ask for them uncompressed (schemathesis
# otherwise offers zstd and br, which it would then read as JSON).
PLAIN = {"Accept-Encoding": "identity"}


@sqlite_schema.parametrize()
@FUZZ
def test_the_api_keeps_its_document_on_sqlite(case):
    case.call_and_validate(checks=CHECKS, headers=PLAIN)


if "postgresql" in backends():
    postgresql_schema = fuzzed_schema("postgresql")

    @postgresql_schema.parametrize()
    @FUZZ
    def test_the_api_keeps_its_document_on_postgresql(case):
        case.call_and_validate(checks=CHECKS, headers=PLAIN)


def takes_no_input(ctx):
    """An operation with no parameter and no body: there is nothing to send it that
    the document forbids, and schemathesis would skip it."""
    definition = ctx.operation.definition.raw
    return not definition.get("parameters") and "requestBody" not in definition


# What the document forbids must be refused (4xx), never judged or stored.
forbidden_schema = (schemathesis.openapi.from_wsgi("/v1/openapi.json", sqlite_schema.app)
                    .exclude(takes_no_input))
forbidden_schema.config.generation.update(modes=[schemathesis.GenerationMode.NEGATIVE])


@forbidden_schema.parametrize()
@FUZZ
def test_what_the_document_forbids_is_refused(case):
    case.call_and_validate(checks=[not_a_server_error, negative_data_rejection], headers=PLAIN)
