"""The four pages and the workshop's comparison endpoint."""
from pathlib import Path

from flask import Response, g, jsonify, render_template, request, url_for
from babel.numbers import format_percent
from markupsafe import Markup

from referee.api.body import read_body
from referee.text import LANGUAGES, describe_changes, locales_report, negotiate, rule_text
from referee.web import bp
from referee.web.catalogs import untranslated_messages
from referee.web.i18n import endonym, page_gettext, page_ngettext
from referee.web.names import deck_names
from referee.web.rulesets import (DEFAULT_RULESET, UnknownRuleset, compare_with_parent,
                                  list_rulesets, resolved_ruleset)

@bp.before_request
def choose_language():
    g.lang = negotiate(request.args.get("lang"), request.accept_languages)


@bp.after_request
def say_language(response):
    response.headers["Content-Language"] = g.get("lang", "en")
    response.vary.add("Accept-Language")
    return response


@bp.context_processor
def page_helpers():
    lang = g.get("lang", "en")
    return {
        "lang": lang,
        "_": page_gettext(lang),
        "ngettext": page_ngettext(lang),
        "percent": lambda value: format_percent((value or 0) / 100, locale=lang),
        "problem_text": _problem_text,
        "languages": [(code, endonym(code)) for code in LANGUAGES],
        "switch_language_url": _switch_language_url,
        "text_lang": _text_lang,
    }


def _text_lang(text):
    """A `lang` attribute for text that came from a ruleset rather than a catalog:
    organisers write in English (ASCII), so mark that on a page in another language,
    for screen readers and for the fonts' line breaking."""
    if g.get("lang", "en") != "en" and text and str(text).isascii():
        return Markup(' lang="en"')
    return ""


def _problem_text(problem):
    """A catalog problem of the locales report, as one line (it may be structured)."""
    if isinstance(problem, dict):
        return ": ".join(str(value) for value in problem.values() if value not in (None, ""))
    return str(problem)


def _switch_language_url(code):
    """The current page, with the same query, in another language."""
    args = request.args.to_dict()
    args["lang"] = code
    return url_for(request.endpoint, **(request.view_args or {}), **args)


@bp.get("/")
def rulebook():
    ruleset_id = request.args.get("ruleset", DEFAULT_RULESET)
    # The picker lists a page of rulesets; `after` turns the page (HOSTILE.md 27).
    rulesets, more_after = list_rulesets(request.args.get("after"), ruleset_id)
    try:
        data = resolved_ruleset(ruleset_id)
    except UnknownRuleset:
        return render_template("web/rulebook.html", rulesets=rulesets, more_after=more_after,
                               chosen=ruleset_id, book=None), 404
    return render_template(
        "web/rulebook.html",
        rulesets=rulesets,
        more_after=more_after,
        chosen=ruleset_id,
        book=rule_text(data, g.lang),
        description=_own_description(data),
    )


def _own_description(data):
    """The ruleset's description, unless it is only inherited from its parent (a house
    ruleset without one would otherwise describe the edition it changes)."""
    parent_id = data.get("extends")
    if parent_id:
        try:
            if resolved_ruleset(parent_id).get("description") == data.get("description"):
                return None
        except UnknownRuleset:
            pass
    return data.get("description")


@bp.get("/workshop")
def workshop():
    return render_template("web/workshop.html", rulesets=list_rulesets()[0])


@bp.post("/workshop/changes")
def workshop_changes():
    """The plain-language comparison of a house ruleset with its parent, for the
    workshop's script: {"parent": id|null, "changes": [str]} or {"errors": [...]}."""
    # The API's bounded reader: a chunked body past the cap is a 413, never a
    # comparison of its first 256 KiB (HOSTILE.md 15).
    comparison = compare_with_parent(read_body(), g.lang, describe_changes)
    return jsonify(comparison)


@bp.get("/try")
def try_table():
    chosen = request.args.get("ruleset", DEFAULT_RULESET)
    return render_template("web/try.html", rulesets=list_rulesets(chosen=chosen)[0],
                           chosen=chosen)


@bp.get("/try/names")
def card_names():
    """The practice board's names for the chosen ruleset's cards and colours."""
    try:
        data = resolved_ruleset(request.args.get("ruleset", DEFAULT_RULESET))
    except UnknownRuleset:
        return jsonify({"colors": [], "cards": {}}), 404
    return jsonify(deck_names(data, g.lang))


@bp.get("/translators")
def translators():
    report = locales_report()
    untranslated = {code: untranslated_messages(code) for code in LANGUAGES if code != "en"}
    return render_template("web/translators.html", report=report["locales"],
                           untranslated=untranslated)


RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"


@bp.get("/rulings")
def rulings():
    """docs/rulings.md (English): how the referee decides what the rule texts leave open."""
    return Response(RULINGS.read_text(encoding="utf-8"), mimetype="text/plain")
