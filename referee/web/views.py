"""The four pages and the workshop's comparison endpoint."""
from pathlib import Path

from flask import Response, g, jsonify, render_template, request, url_for
from babel.numbers import format_percent
from markupsafe import Markup, escape

from referee.service.body import form_body, json_body, read_body
from referee.text import LANGUAGES, describe_changes, locales_report, negotiate, rule_text
from referee.text.ruletext import ruleset_description
from referee.web import bp
from referee.text.effects import effect_text
from referee.text.preview import preview
from referee.web.catalogs import message_of, preview_choices, search_messages, untranslated_messages
from referee.web.glossary import marked, violations
from referee.web.i18n import endonym, page_gettext, page_ngettext
from referee.web.names import deck_names
from referee.web.rulesets import (DEFAULT_RULESET, UnknownRuleset, compare_with_parent,
                                  list_rulesets, page_version, resolved_ruleset, with_version)

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
        "_code": _with_code(lang),
        "ngettext": page_ngettext(lang),
        "percent": lambda value: format_percent((value or 0) / 100, format="#,##0.#%", locale=lang),
        "problem_text": _problem_text,
        "languages": [(code, endonym(code)) for code in LANGUAGES],
        "switch_language_url": _switch_language_url,
        "text_lang": _text_lang,
    }


def _with_code(lang):
    """`_code(msgid, **values)`: a translated sentence whose values are file names or
    commands, shown as <code lang="en"> (they are typed as they are, never translated)."""
    gettext = page_gettext(lang)

    def translate(msgid, **values):
        markers = {name: f"\x00{index}\x00" for index, name in enumerate(values)}
        text = str(escape(gettext(msgid, **markers)))
        for name, marker in markers.items():
            text = text.replace(str(escape(marker)), f'<code lang="en">{escape(values[name])}</code>')
        return Markup(text)
    return translate


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
    rulesets, more_after = list_rulesets(g.lang, request.args.get("after"), ruleset_id)
    # `version` pins a published version (a table's rules), as the API's ?version= does.
    raw_version = request.args.get("version")
    try:
        version = page_version(raw_version)
        data = resolved_ruleset(ruleset_id, version)
    except UnknownRuleset:
        return render_template("web/rulebook.html", rulesets=rulesets, more_after=more_after,
                               chosen=ruleset_id, book=None,
                               version=raw_version if _exists(ruleset_id) else None), 404
    return render_template(
        "web/rulebook.html",
        rulesets=with_version(rulesets, ruleset_id, version),
        more_after=more_after,
        chosen=ruleset_id,
        book=rule_text(data, g.lang),
        description=_own_description(data, g.lang),
    )


def _exists(ruleset_id):
    """Whether a ruleset has this id (at any version)."""
    try:
        resolved_ruleset(ruleset_id)
    except UnknownRuleset:
        return False
    return True


def _own_description(data, lang):
    """The ruleset's description in the reader's language, unless it is only inherited
    from its parent (a house ruleset without one would otherwise describe the edition
    it changes). A translation is always the ruleset's own: translations are not inherited."""
    if not (data.get("translations") or {}).get(lang) and data.get("extends"):
        try:
            if resolved_ruleset(data["extends"]).get("description") == data.get("description"):
                return None
        except UnknownRuleset:
            pass
    return ruleset_description(data, lang) or None


@bp.get("/workshop")
def workshop():
    return render_template("web/workshop.html", rulesets=list_rulesets(g.lang)[0])


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
    return render_template("web/try.html", rulesets=list_rulesets(g.lang, chosen=chosen)[0],
                           chosen=chosen)


@bp.get("/table")
def table_companion():
    """The page a phone keeps open at a real table (the practice board is /try)."""
    chosen = request.args.get("ruleset", DEFAULT_RULESET)
    return render_template("web/table.html", rulesets=list_rulesets(g.lang, chosen=chosen)[0],
                           chosen=chosen)


@bp.get("/try/names")
def card_names():
    """The practice board's names for the chosen ruleset's cards and colours."""
    try:
        data = resolved_ruleset(request.args.get("ruleset", DEFAULT_RULESET))
    except UnknownRuleset:
        return jsonify({"colors": [], "cards": {}}), 404
    return jsonify(deck_names(data, g.lang))


@bp.post("/try/effects")
def effect_sentences():
    """The practice board's effects in words: {"effects": [sentence or null]} for the
    {"effects": [...], "players": [...]} the API answered with."""
    body = json_body()
    effects = body.get("effects") if isinstance(body.get("effects"), list) else []
    players = body.get("players") if isinstance(body.get("players"), list) else None
    players = [str(name) for name in players[:50]] if players else None
    return jsonify({"effects": [effect_text(effect, g.lang, players) for effect in effects[:50]]})


@bp.route("/translators", methods=["GET", "POST"])
def translators():
    """The catalogs' state (the same checks as `referee i18n check`) and, after the
    preview form is sent, the edited message as players would read it."""
    report = locales_report()
    untranslated = {code: untranslated_messages(code) for code in LANGUAGES if code != "en"}
    choices = preview_choices()
    # A GET names the message to preview too: a search result's link picks it in the form.
    form = form_body() if request.method == "POST" else request.args
    preview_lang = form.get("preview_lang") if form.get("preview_lang") in LANGUAGES[1:] else (
        g.lang if g.lang != "en" else LANGUAGES[1])
    preview_key = form.get("message", "")
    strings = [text for text in (form.get("translation", ""), form.get("translation_plural", "")) if text]
    result = None
    if request.method == "POST" and preview_key in dict(choices):
        context, msgid = message_of(preview_key)
        result = preview(preview_lang, context, msgid, strings[:1] * 2 if len(strings) == 1 else strings)
    query = request.args.get("q", "")[:MAX_QUERY]
    search_lang = request.args.get("in") if request.args.get("in") in LANGUAGES[1:] else preview_lang
    return render_template("web/translators.html", report=report["locales"], untranslated=untranslated,
                           preview_choices=choices, preview_key=preview_key, preview_lang=preview_lang,
                           preview_strings=strings, preview_result=result, query=query,
                           search_lang=search_lang, found=_found(query, search_lang))


MAX_QUERY = 100  # characters of a search; a message is rarely longer to quote


def _found(query, lang):
    """The messages a translator searched for, each with its translation marked with the
    glossary's terms, the retired words it uses, the pages it is on, and its examples."""
    found = []
    for message in search_messages(query, lang):
        translation = message["translation"]
        examples = preview(lang, message["context"], message["msgid"], [translation] * 2)["previews"] if translation else []
        found.append({**message, "pieces": marked(translation, lang), "retired": violations(translation, lang),
                      "pages": _pages_of(message["locations"], lang), "examples": examples[:4]})
    return found


def _pages_of(locations, lang):
    """The pages a message is on, in `lang`, from its template locations (web/workshop.html
    -> /workshop?lang=gu): the translator sees the message where players do."""
    from flask import current_app

    pages = []
    for location in locations:
        name = Path(location.split(":")[0]).stem
        endpoint = f"web.{name}"
        if "/templates/" in location and endpoint in current_app.view_functions:
            pages.append(url_for(endpoint, lang=lang))
    return list(dict.fromkeys(pages))


RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"


@bp.get("/rulings")
def rulings():
    """docs/rulings.md (English): how the referee decides what the rule texts leave open."""
    return Response(RULINGS.read_text(encoding="utf-8"), mimetype="text/plain")


# --- the table page as an installed app that opens offline (issue 28) -----------------

STATIC = Path(__file__).parent / "static"


@bp.get("/table.webmanifest")
def table_manifest():
    """The web app manifest of the table page, named in the visitor's language."""
    gettext = page_gettext(g.lang)
    manifest = {
        "name": f"{gettext('At the table')} · {gettext('UNO referee')}",
        "short_name": gettext("UNO referee"),
        "lang": g.lang,
        "start_url": url_for("web.table_companion", lang=g.lang),
        "scope": "/",
        "display": "standalone",
        "background_color": "#14532d",
        "theme_color": "#14532d",
        "icons": [{"src": url_for("web.static", filename=f"icon-{size}.png"),
                   "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
                  for size in (192, 512)],
    }
    response = jsonify(manifest)
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/sw.js")
def service_worker():
    """The service worker (built by Workbox: `make sw`), served from the root so its
    scope covers /table; never cached by HTTP, so a new build is found on the next visit."""
    response = Response((STATIC / "sw.js").read_bytes(), mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


# --- an evening of tables: the organiser's page and the projector's (issue 26) --------

@bp.get("/events")
@bp.get("/events/<table_id:event_id>")
def organiser_page(event_id=None):
    """The organiser's page: the token is kept by the browser (never in a URL); the
    script reads the event from the API (`/events` alone lists the token's events)."""
    if event_id is not None and not _event_exists(event_id):
        return render_template("web/event_organiser.html", event_id=None, missing=True), 404
    return render_template("web/event_organiser.html", event_id=event_id)


@bp.get("/events/<table_id:event_id>/standings")
def projector_page(event_id):
    """The public standings, for a projector: the API's standings need no token."""
    if not _event_exists(event_id):
        return render_template("web/event_organiser.html", event_id=None, missing=True), 404
    return render_template("web/event_projector.html", event_id=event_id)


def _event_exists(event_id):
    """A mistyped or old link gets a page saying so, not a page that polls for ever."""
    from flask import current_app

    return current_app.extensions["referee"].store.get_event(event_id) is not None
