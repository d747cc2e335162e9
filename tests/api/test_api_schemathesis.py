"""schemathesis generates requests from /v1/openapi.json and checks every answer:
no 5xx, every status, content type, header and body as the document says."""
import tempfile

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance,
                                               response_headers_conformance,
                                               response_schema_conformance,
                                               status_code_conformance)

from referee.api import create_app

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]


# A fresh SQLite database of its own (in a temporary directory) for the fuzzed app.
APP = create_app({"DATABASE_URL": f"sqlite:///{tempfile.mkdtemp(prefix='referee-fuzz-')}/fuzz.db"})
schema = schemathesis.openapi.from_wsgi("/v1/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_document(case):
    case.call_and_validate(checks=CHECKS)
