// Helpers shared by the pages' scripts: translated strings handed over by the
// server, and calls to the public API in the page's language.
"use strict";

const page = {
  lang: document.documentElement.lang || "en",

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
    const {timeout = 8000, ...init} = options;
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
