# The referee service: gunicorn serving referee.api, as `make run` does.
#   docker build -t referee .
#   docker run -p 8000:8000 referee                      (SQLite in the volume /app/var)
#   docker run -p 8000:8000 -e DATABASE_URL=postgresql://user@db/referee referee
#   docker exec -it <container> referee token create NAME (an organiser's upload token)
# Run it under a restart policy (`--restart unless-stopped`): gunicorn's master
# restarts its workers, but nothing inside the container restarts the master.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# GET /v1/speech says verdicts with espeak-ng and encodes them with opusenc (without
# them it answers 503 speech-unavailable).
RUN apt-get update && apt-get install -y --no-install-recommends espeak-ng opus-tools \
    && rm -rf /var/lib/apt/lists/*

# The code stays a checkout (an editable install): the built-in rulesets and the
# translators' catalogs are read from /app/rulesets and /app/locales.
WORKDIR /app
COPY pyproject.toml ./
COPY referee ./referee
COPY scripts/serve.sh ./scripts/serve.sh
RUN pip install -e . && rm -rf /root/.cache
COPY rulesets ./rulesets
COPY locales ./locales
COPY docs ./docs

# Catalogs are compiled at build time; a broken catalog fails the build.
RUN referee i18n compile

RUN useradd --system --create-home --uid 10001 referee \
    && mkdir -p /app/var && chown referee:referee /app/var
USER referee
VOLUME ["/app/var"]

ENV BIND=0.0.0.0:8000 \
    WAIT_BIND=0.0.0.0:8001 \
    WEB_WORKERS=2
# 8000: the WSGI instance; 8001: the waiting server (the proxy sends it the waits).
EXPOSE 8000 8001

# /v1/health is liveness (the process answers); /v1/ready also needs the database.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD python -c "import sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/v1/health', timeout=2).status == 200 else 1)"

# Run the schema migrations (Alembic; SQLite file or DATABASE_URL), then serve: the
# WSGI instance and the waiting server (scripts/serve.sh). The workers never change
# the schema and start even while the database is away.
CMD ["sh", "scripts/serve.sh"]
