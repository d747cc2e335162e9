"""Helpers shared by the API tests (a module name no other test directory uses)."""
import secrets

PROBLEM_JSON = "application/problem+json"
OPENING = {"ruleset": "classic", "players": ["Asha", "Bina", "Chirag"], "dealer": 0,
           "first_card": "red-7"}


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def problem(response, status):
    """Assert an RFC 9457 answer with `status`; return its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM_JSON
    body = response.get_json()
    assert body["status"] == status
    assert body["type"].startswith("/docs#problem-")
    assert body["title"] and body["detail"]
    assert "Traceback" not in response.get_data(as_text=True)
    return body


def unique_id(prefix="house"):
    return f"{prefix}-{secrets.token_hex(4)}"
