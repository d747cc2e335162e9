// Helpers shared by the pages' scripts: translated strings handed over by the
// server, and calls to the public API in the page's language.
"use strict";

const page = {
  lang: document.documentElement.lang || "en",

  // The network conventions every page keeps (table.js the same): a call without an
  // answer in CALL_TIMEOUT ms is given up; a wait for news asks the API to hold it
  // WAIT_SECONDS and gives up 8 s after that; a page whose waits fail reads again
  // every FALLBACK_MS without waiting (a slow poll) until one answers.
  CALL_TIMEOUT: 8000,
  WAIT_SECONDS: 20,
  FALLBACK_MS: 10000,

  strings() {
    const element = document.getElementById("page-strings");
    return element ? JSON.parse(element.textContent) : {};
  },

  // Fills {name} placeholders; the translations use the same named placeholders.
  format(template, params) {
    return template.replace(/\{(\w+)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole);
  },

  // Calls the API and returns {status, body, headers}; body is parsed JSON when the
  // answer is JSON (problem+json included), otherwise {detail: <text>}. A call that
  // has no answer within `options.timeout` ms (8 s unless told) is given up: status 0,
  // like a dropped network, so a phone on a dead connection never waits for ever.
  async call(path, options = {}) {
    const url = new URL(path, window.location.origin);
    url.searchParams.set("lang", page.lang);
    const {timeout = page.CALL_TIMEOUT, ...init} = options;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeout);
    try {
      const response = await fetch(url, {...init, signal: abort.signal});
      const type = response.headers.get("Content-Type") || "";
      const body = type.includes("json")
        ? await response.json().catch(() => ({detail: response.statusText}))
        : {detail: (await response.text()).slice(0, 300) || response.statusText};
      return {status: response.status, body, headers: response.headers};
    } catch (error) {
      return {status: 0, body: {detail: String(error)}, headers: new Headers()};
    } finally {
      clearTimeout(timer);
    }
  },

  sleep(ms) {
    return new Promise((done) => setTimeout(done, ms));
  },

  // The ms an answer's Retry-After asks for, or null.
  retryAfter(answer) {
    const value = answer.headers && answer.headers.get("Retry-After");
    const seconds = Number.parseInt(value || "", 10);
    return Number.isInteger(seconds) && seconds >= 0 ? seconds * 1000 : null;
  },

  // Follows what a page shows: reads `path`, then asks again and again with
  // ?wait=S&version=V (the API answers once what the page shows is no longer version
  // V, woken by its live channel, or after S seconds as it is). `read(path, timeout)`
  // makes the call; `answered(answer)` is given every answer, failed ones too. A
  // failed read is followed FALLBACK_MS later (or after its Retry-After) by a read
  // without waiting: a slow poll, until a read answers and the waits resume.
  async follow(path, read, answered) {
    let version = null;
    let failed = false;
    for (;;) {
      const waits = version !== null && !failed;
      const query = waits ? `${path.includes("?") ? "&" : "?"}wait=${page.WAIT_SECONDS}&version=${encodeURIComponent(version)}` : "";
      const answer = await read(path + query, waits ? (page.WAIT_SECONDS + 8) * 1000 : page.CALL_TIMEOUT);
      failed = answer.status !== 200;
      if (!failed) version = answer.body.version;
      answered(answer);
      const pause = page.retryAfter(answer);
      if (failed || pause !== null) await page.sleep(pause ?? page.FALLBACK_MS);
    }
  },

  // The server's clock as an answer's `now` (ISO 8601) gave it: `left(instant)` is
  // the ms from now to `instant` on that clock, whatever this device's clock says.
  serverClock(now) {
    const offset = (Date.parse(now) || Date.now()) - Date.now();
    return {left: (instant) => Date.parse(instant) - (Date.now() + offset)};
  },

  // A span of ms as a countdown shows it: 12:05, or 1:02:05 from an hour on.
  duration(ms) {
    const total = Math.max(0, Math.ceil(ms / 1000));
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const seconds = String(total % 60).padStart(2, "0");
    return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
  },

  element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value !== null && value !== undefined) node.setAttribute(name, value);
    }
    for (const child of children) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  },

  // "path: message" for one problem of a problem+json `errors` list.
  problemText(problem) {
    return problem.path ? `${problem.path}: ${problem.message}` : problem.message;
  },
};
