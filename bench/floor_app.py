"""The floor under bench/service.py's figures: a WSGI app that answers each benchmarked
request with the bytes the referee answered it (status, headers, body, captured from
the real service in the same run) and does nothing else, served by the same gunicorn
configuration. What it reaches is what gunicorn, the kernel and wrk allow those
requests and answers on this machine; the referee's figures beside it show what the
app's own work costs. `bench/service.py --floor` starts it; not for anything else.

FLOOR_ANSWERS names a JSON file: {"health" | "check" | "moves": {"status": "200 OK",
"headers": [[name, value], ...], "body": text}}.
"""
import json
import os

with open(os.environ["FLOOR_ANSWERS"], encoding="utf-8") as file:
    ANSWERS = {name: (answer["status"], [tuple(pair) for pair in answer["headers"]],
                      answer["body"].encode("utf-8"))
               for name, answer in json.load(file).items()}


def endpoint(environ):
    """Which benchmarked request this is (bench/service.py's three), or None."""
    method, path = environ["REQUEST_METHOD"], environ["PATH_INFO"]
    if method == "GET" and path == "/v1/health":
        return "health"
    if method == "POST" and path.endswith("/check"):
        return "check"
    if method == "POST" and path.endswith("/moves"):
        return "moves"
    return None


def app(environ, start_response):
    # The body is read whole, as the referee reads it (service/body.py).
    length = int(environ.get("CONTENT_LENGTH") or 0)
    if length:
        environ["wsgi.input"].read(length)
    name = endpoint(environ)
    if name is None:
        start_response("404 Not Found", [("Content-Length", "0")])
        return [b""]
    status, headers, body = ANSWERS[name]
    start_response(status, headers)
    return [body]
