"""GET /v1/openapi.json and /docs: the document, and a page rendered from it on the
server (no JavaScript, no CDN: it works on a table's offline laptop)."""
from flask import Blueprint, render_template

from .context import answer
from .openapi import SCHEMAS, document, problem_catalogue

# Its style sheet is a static file: the Content-Security-Policy allows no inline style.
bp = Blueprint("docs", __name__, template_folder="templates", static_folder="static",
               static_url_path="/docs/static")

METHODS = ("get", "post", "put", "patch", "delete")


def operations():
    for path, item in document()["paths"].items():
        for method in METHODS:
            if method in item:
                yield path, method.upper(), item[method]


def schema_name(schema):
    reference = (schema or {}).get("$ref", "")
    return reference.rsplit("/", 1)[-1] if reference else None


@bp.get("/v1/openapi.json")
def openapi_json():
    return answer(document())


@bp.get("/docs")
def docs_page():
    return render_template("api/docs.html", doc=document(), operations=list(operations()),
                           schemas=SCHEMAS, problems=problem_catalogue(),
                           schema_name=schema_name)
