// The workshop: validate the YAML through the API and show each problem under its
// line, compare the house ruleset with its parent, publish with an organiser token.
"use strict";

const strings = page.strings();
const source = document.getElementById("yaml");

document.getElementById("file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  document.getElementById("file-name").textContent = file.name;
  source.value = await file.text();
  await check();
});

document.getElementById("workshop").addEventListener("submit", async (event) => {
  event.preventDefault();
  await check();
});

document.getElementById("publish").addEventListener("submit", async (event) => {
  event.preventDefault();
  await publish();
});

const yamlRequest = (headers = {}) => ({
  method: "POST",
  headers: {"Content-Type": "application/yaml", ...headers},
  body: source.value,
});

async function check() {
  const [validation, comparison] = await Promise.all([
    page.call("/v1/rulesets/validate", yamlRequest()),
    page.call("/workshop/changes", yamlRequest()),
  ]);
  showValidation(validation);
  showComparison(validation.status === 200 ? comparison.body : null);
}

function showValidation({status, body}) {
  document.getElementById("report").hidden = false;
  const statusLine = document.getElementById("status");
  const valid = status === 200;
  statusLine.className = valid ? "status good" : "status bad";
  statusLine.textContent = valid ? strings.valid
    : body.errors ? strings.invalid : page.format(strings.failed, {detail: body.detail || status});
  const problems = valid
    ? (body.warnings || []).map((w) => ({...w, warning: true}))
    : (body.errors || []);
  showLines(source.value, problems);
}

// The text with line numbers; each problem with a line sits right under that line,
// the others (no line: the ruleset as a whole) are listed above.
function showLines(text, problems) {
  const byLine = new Map();
  const general = document.getElementById("general-problems");
  general.replaceChildren();
  for (const problem of problems) {
    if (problem.line) {
      if (!byLine.has(problem.line)) byLine.set(problem.line, []);
      byLine.get(problem.line).push(problem);
    } else {
      general.append(problemNote("li", problem));
    }
  }
  const lines = document.getElementById("lines");
  lines.replaceChildren();
  const sourceLines = text.replace(/\n$/, "").split("\n");
  const lastLine = Math.max(sourceLines.length, ...byLine.keys());
  for (let number = 1; number <= lastLine; number++) {
    const notes = byLine.get(number) || [];
    const row = page.element("div", {class: notes.length ? "line flagged" : "line", id: `line-${number}`},
      page.element("span", {class: "number"}, number),
      page.element("code", {lang: "en"}, sourceLines[number - 1] ?? ""));
    lines.append(row);
    for (const problem of notes) lines.append(problemNote("div", problem));
  }
}

// The problem's message comes from the API in the page's language (?lang=); its path
// is made of the ruleset's own keys, so it stays as written (lang="en"), and its code
// is shown for organisers who search the documentation.
function problemNote(tag, problem) {
  const kind = problem.warning ? "warning" : "error";
  const column = problem.column ? `:${problem.column}` : "";
  const where = problem.line ? `${problem.line}${column} ` : "";
  const note = page.element(tag, {class: `note ${kind}`, "data-line": problem.line || null}, where);
  if (problem.warning) note.append(page.element("span", {lang: page.lang}, `${strings.warning}: `));
  if (problem.path) note.append(page.element("code", {lang: "en"}, problem.path), ": ");
  note.append(page.element("span", {lang: page.lang, class: "message"}, problem.message));
  if (problem.code) note.append(" ", page.element("small", {lang: "en", class: "code"}, `[${problem.code}]`));
  return note;
}

function showComparison(comparison) {
  const section = document.getElementById("comparison");
  section.hidden = !comparison;
  if (!comparison) return;
  const list = document.getElementById("changes");
  list.replaceChildren();
  document.getElementById("parent").textContent = comparison.parent
    ? page.format(strings.parent, {parent: comparison.parent_title || comparison.parent}) : strings.no_parent;
  const changes = comparison.changes || [];
  if (comparison.parent && !changes.length) list.append(page.element("li", {}, strings.no_changes));
  for (const change of changes) list.append(page.element("li", {}, change));
}

async function publish() {
  const token = document.getElementById("token").value.trim();
  const result = document.getElementById("published");
  const problems = document.getElementById("publish-problems");
  problems.replaceChildren();
  if (!token) {
    result.className = "status bad";
    result.textContent = strings.token_needed;
    return;
  }
  const {status, body} = await page.call("/v1/rulesets", yamlRequest({Authorization: `Bearer ${token}`}));
  if (status === 201) {
    result.className = "status good";
    const book = new URL(strings.rulebook, window.location.origin);
    book.searchParams.set("ruleset", body.id);
    result.replaceChildren(page.format(strings.published, {id: body.id, version: body.version}), " ",
      page.element("a", {href: book.pathname + book.search, id: "published-book"}, strings.read_it));
    return;
  }
  result.className = "status bad";
  result.textContent = page.format(strings.failed, {detail: body.detail || body.title || status});
  for (const problem of body.errors || []) problems.append(problemNote("li", problem));
  if (body.errors) showValidation({status, body});
}
