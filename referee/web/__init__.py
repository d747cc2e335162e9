"""Web pages for players, organisers and translators.

Server-rendered Jinja pages on top of the public API: the rule book (`/`), the
organisers' workshop (`/workshop`), a practice board (`/try`), the table companion a
phone keeps open at a real table (`/table`) and the translators' status page
(`/translators`). Every page speaks the visitor's language, chosen the
same way as the API's (`?lang=` first, then Accept-Language).

The service registers the blueprint in its app factory:
    from referee.web import bp; app.register_blueprint(bp)
"""
from flask import Blueprint

bp = Blueprint(
    "web",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/web/static",  # away from the app's own /static
)

from referee.web import views  # noqa: E402,F401  (registers the routes on bp)
