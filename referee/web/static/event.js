// The organiser's page of an event (docs/events.md): the organiser token is kept in
// this browser's localStorage (never in a URL), the page waits for the event to
// change (page.follow: the API's live channel, a slow poll while waits fail), and
// each action is one API call whose problem is shown as the API words it in the
// page's language. A round with a time limit counts down on the server's clock.
"use strict";

(() => {
const strings = page.strings();
const $ = (id) => document.getElementById(id);
const TOKEN_KEY = "referee.organiser-token";
const section = $("event");
const eventId = section ? section.dataset.event : null;
const eventPath = eventId ? `/v1/events/${encodeURIComponent(eventId)}` : null;

let event = null;      // the event as last read (without its `now`)
let readAt = null;     // when it was read (ms)
let clock = null;      // page.serverClock of the last answer
let live = false;      // following the event (the last read answered)
let form = null;       // the open action form {round, node}: kept across re-renders

const token = () => localStorage.getItem(TOKEN_KEY) || "";

function call(path, options = {}) {
  const headers = {...(options.headers || {})};
  if (token()) headers.Authorization = `Bearer ${token()}`;
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  const body = options.json !== undefined ? JSON.stringify(options.json) : undefined;
  return page.call(path, {method: options.method || "GET", headers, body, timeout: options.timeout});
}

// --- problems and the network ----------------------------------------------------

function showProblem(status, body) {
  const box = $("problem");
  if (status === 0) return showNetwork(body);
  const errors = (body && body.errors) || [];
  box.replaceChildren(page.element("p", {}, (body && body.detail) || String(status)),
                      ...errors.filter((e) => e.message && e.message !== body.detail)
                        .map((e) => page.element("p", {class: "hint"}, page.problemText(e))));
  box.hidden = false;
}

function clearProblem() { $("problem").hidden = true; }

function showNetwork(body) {
  $("network").textContent = page.format(strings.offline, {detail: (body && body.detail) || ""});
  $("network").hidden = false;
}

// --- the token -------------------------------------------------------------------

function renderToken() {
  const kept = Boolean(token());
  $("forget-token").hidden = !kept;
  $("token-kept").hidden = !kept;
  $("token").value = "";
  $("token").placeholder = kept ? "••••••••" : "";
}

$("token-form").addEventListener("submit", (submitted) => {
  submitted.preventDefault();
  const typed = $("token").value.trim();
  if (!typed) return;
  localStorage.setItem(TOKEN_KEY, typed);
  renderToken();
  clearProblem();
  refresh();
});

$("forget-token").addEventListener("click", () => {
  localStorage.removeItem(TOKEN_KEY);
  renderToken();
  refresh();
});

// --- the list of events (/events) --------------------------------------------------

async function listEvents() {
  if (!token()) return;
  const {status, body} = await call("/v1/events");
  if (status !== 200) return showProblem(status, body);
  $("event-list").replaceChildren(...body.events.map((item) => page.element("li", {},
    page.element("a", {href: `/events/${encodeURIComponent(item.id)}?lang=${page.lang}`}, item.name))));
  $("no-events").hidden = body.events.length > 0;
}

// --- the event ---------------------------------------------------------------------

// A read of the event; an answer to a token since changed is not shown (the join
// codes go with the token).
async function readEvent(path, timeout) {
  const sent = token();
  const answer = await call(path, {timeout});
  answer.stale = sent !== token();
  return answer;
}

// One answer of GET /v1/events/{id}, waited for or not.
function answered({status, body, stale}) {
  if (stale) return;
  live = status === 200;
  if (status === 0) {
    showNetwork(body);
  } else {
    $("network").hidden = true;
    if (status !== 200) showProblem(status, body);
  }
  if (status !== 200) return tick();
  readAt = Date.now();
  clock = page.serverClock(body.now);
  // Drawn again only when something changed: a button keeps its focus between reads.
  const {now, ...shown} = body;
  const changed = JSON.stringify(shown) !== JSON.stringify(event);
  event = shown;
  if (changed) render(); else tick();
}

async function refresh() {
  if (!eventId) return listEvents();
  answered(await readEvent(eventPath));
}

function render() {
  $("event-name").textContent = event.name;
  $("csv").href = event.links.csv;
  $("json").href = event.links.json;
  renderStart();
  $("rounds").replaceChildren(...event.rounds.slice().reverse().map(renderRound));
  if (form) {
    const slot = document.querySelector(`[data-round="${form.round}"] .round-form`);
    if (slot) slot.append(form.node); else form = null;
  }
  tick();
}

function renderStart() {
  const next = event.next_round;
  const button = $("start-round");
  const last = event.rounds[event.rounds.length - 1];
  const lastClosed = !last || last.status === "closed";
  button.hidden = !next || !lastClosed;
  if (next) button.textContent = next.kind === "final" ? strings.start_final
    : page.format(strings.start_heat, {number: next.number});
  $("all-played").textContent = strings.all_played;
  $("all-played").hidden = Boolean(next) || !lastClosed;
}

$("start-round") && $("start-round").addEventListener("click", async () => {
  const {status, body} = await call(`/v1/events/${encodeURIComponent(eventId)}/rounds`,
                                    {method: "POST", json: {round: event.next_round.number}});
  if (status !== 201) return showProblem(status, body);
  clearProblem();
  refresh();
});

function roundTitle(round) {
  return round.kind === "final" ? strings.final_heading
    : page.format(strings.round_heading, {number: round.number});
}

function renderRound(round) {
  const open = round.status !== "closed";
  const buttons = page.element("div", {class: "actions"});
  if (open) {
    if (round.status === "playing" && swappable(round).length >= 2) {
      buttons.append(actionButton(strings.swap, () => swapForm(round)));
    }
    buttons.append(actionButton(strings.call_time, () => timeForm(round)),
                   actionButton(strings.close_round, () => closeRound(round)));
  }
  const timed = round.status === "playing" && round.ends_at;
  return page.element("section", {class: `round ${round.status}`, "data-round": round.number},
    page.element("h3", {}, roundTitle(round), " ",
                 page.element("span", {class: `round-status ${round.status}`}, strings.status[round.status])),
    timed ? page.element("p", {class: "round-clock", role: "timer", "data-ends": round.ends_at}) : "",
    buttons,
    page.element("div", {class: "round-form"}),
    page.element("div", {class: "tables"}, ...round.tables.map((table) => renderTable(round, table))));
}

function actionButton(label, action) {
  const button = page.element("button", {type: "button"}, label);
  button.addEventListener("click", action);
  return button;
}

function renderTable(round, table) {
  const card = page.element("article", {class: `event-table ${table.phase || "unopened"}`,
                                        "data-table": table.number});
  const phase = table.phase ? strings.phases[table.phase] : strings.not_opened;
  card.append(page.element("h4", {}, page.format(strings.table_heading, {number: table.number})),
              page.element("p", {class: "phase"}, phase));
  if (Number.isInteger(table.winner)) {
    card.append(page.element("p", {class: "winner"},
                             page.format(strings.winner, {player: table.players[table.winner]})));
  }
  const rows = table.players.map((name, seat) => page.element("tr", {},
    page.element("td", {}, name),
    page.element("td", {class: "number"}, table.scores ? table.scores[seat] : ""),
    page.element("td", {class: "number"}, table.hand_counts ? table.hand_counts[seat] : "")));
  card.append(page.element("table", {class: "seats"},
    page.element("thead", {}, page.element("tr", {},
      page.element("th", {scope: "col"}, strings.player),
      page.element("th", {scope: "col", class: "number"}, strings.score),
      page.element("th", {scope: "col", class: "number"}, strings.cards_left))),
    page.element("tbody", {}, ...rows)));
  if (table.join_code && round.status !== "closed") card.append(joinCode(table.join_code));
  if (!table.opened && round.status !== "closed" && token()) {
    card.append(actionButton(strings.open_table, () => openTableForm(round, table)));
  }
  return card;
}

function joinCode(code) {
  const link = new URL("/table", window.location.origin);
  link.searchParams.set("join", code);
  link.searchParams.set("mode", "track");
  link.searchParams.set("lang", page.lang);
  return page.element("p", {class: "join"},
    `${strings.join_code}: `, page.element("code", {class: "code", lang: "en"}, code), " · ",
    page.element("a", {href: link.href, class: "share"}, strings.share_link));
}

// --- the round's actions -------------------------------------------------------------

function openForm(round, node) {
  form = {round: round.number, node};
  render();
  const first = node.querySelector("select, input");
  if (first) first.focus();
}

function closeForm() {
  if (form) form.node.remove();
  form = null;
}

async function act(path, json, ok = 200) {
  const {status, body} = await call(`/v1/events/${encodeURIComponent(eventId)}${path}`,
                                    {method: "POST", json});
  if (status !== ok) {
    showProblem(status, body);
    return null;
  }
  clearProblem();
  return body;
}

async function closeRound(round) {
  if (await act(`/rounds/${round.number}/close`, {})) {
    closeForm();
    refresh();
  }
}

// The tables whose players may still be swapped: not opened, or opened without a move.
const swappable = (round) => round.tables.filter((table) => !table.opened || table.seq === 0);

function playerSelect(id, round) {
  const names = swappable(round).flatMap((table) => table.players);
  return page.element("select", {id, required: ""},
                      ...names.map((name) => page.element("option", {value: name}, name)));
}

function swapForm(round) {
  const node = page.element("form", {class: "inline-form swap-form"},
    playerSelect(`swap-${round.number}-a`, round), " ⇄ ", playerSelect(`swap-${round.number}-b`, round),
    page.element("button", {type: "submit"}, strings.swap));
  node.querySelectorAll("select")[1].selectedIndex = swappable(round)[0].players.length;
  node.addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    const players = Array.from(node.querySelectorAll("select"), (select) => select.value);
    if (await act(`/rounds/${round.number}/swap`, {players})) {
      closeForm();
      $("problem").replaceChildren(page.element("p", {}, strings.swapped));
      refresh();
    }
  });
  openForm(round, node);
}

// Opening a table as its dealer turns the first card (or the captain does, with the
// captain's token): the referee table gets the seated players and the code shown.
function openTableForm(round, table) {
  const id = `open-${round.number}-${table.number}`;
  const node = page.element("form", {class: "inline-form open-form"},
    page.element("strong", {}, page.format(strings.table_heading, {number: table.number})),
    page.element("span", {class: "field"}, page.element("label", {for: `${id}-dealer`}, strings.dealer),
      page.element("select", {id: `${id}-dealer`},
        ...table.players.map((name, seat) => page.element("option", {value: seat}, name)))),
    page.element("span", {class: "field"}, page.element("label", {for: `${id}-card`}, strings.first_card),
      page.element("input", {id: `${id}-card`, required: "", lang: "en", placeholder: "red-7",
                             autocomplete: "off", spellcheck: "false"})),
    page.element("button", {type: "submit"}, strings.open_table));
  node.addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    const opening = {dealer: Number(node.querySelector("select").value),
                     first_card: node.querySelector("input").value.trim()};
    if (await act(`/rounds/${round.number}/tables/${table.number}`, opening, 201)) {
      closeForm();
      refresh();
    }
  });
  openForm(round, node);
}

// Calling time: every table still playing needs its cards left; the table's captain
// adds up each hand's points (the API also takes the cards themselves: docs/events.md).
function timeForm(round) {
  const playing = round.tables.filter((table) => ["play", "respond"].includes(table.phase));
  const node = page.element("form", {class: "inline-form time-form"});
  if (!playing.length) node.append(page.element("p", {}, strings.time_nothing));
  node.append(page.element("p", {class: "hint"}, strings.time_points));
  for (const table of playing) {
    const fields = table.players.map((name, seat) => {
      const id = `time-${round.number}-${table.number}-${seat}`;
      return page.element("span", {class: "field"}, page.element("label", {for: id}, name),
        page.element("input", {id, type: "number", min: 0, step: 1, required: "", inputmode: "numeric",
                               "data-table": table.table_id, "data-seat": seat}));
    });
    node.append(page.element("fieldset", {},
      page.element("legend", {}, page.format(strings.table_heading, {number: table.number})), ...fields));
  }
  node.append(page.element("button", {type: "submit"}, strings.time_send));
  node.addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    const counts = {};
    for (const input of node.querySelectorAll("input[data-table]")) {
      const entry = counts[input.dataset.table] || (counts[input.dataset.table] = {points: []});
      entry.points[Number(input.dataset.seat)] = Number(input.value);
    }
    if (await act(`/rounds/${round.number}/time`, {counts})) {
      closeForm();
      refresh();
    }
  });
  openForm(round, node);
}

// --- captains -------------------------------------------------------------------------

if (section) {
  $("captain").addEventListener("click", () => {
    $("captain-form").hidden = !$("captain-form").hidden;
    $("captain-name").focus();
  });
  $("captain-form").addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    const body = await act("/captains", {name: $("captain-name").value.trim()}, 201);
    if (!body) return;
    $("captain-form").hidden = true;
    $("captain-token").replaceChildren(...page.format(strings.captain_shown, {token: "\u0000"}).split("\u0000")
      .flatMap((part, index) => index ? [page.element("code", {lang: "en"}, body.token), part] : [part]));
    $("captain-token").hidden = false;
  });
}

// --- "live" or "updated N s ago", and the rounds' clocks ------------------------------

function tick() {
  if (!readAt || !section) return;
  const seconds = Math.max(0, Math.round((Date.now() - readAt) / 1000));
  $("updated").textContent = live ? strings.live : page.format(strings.updated, {seconds});
  $("updated").classList.toggle("live", live);
  for (const line of document.querySelectorAll(".round-clock")) {
    const left = clock.left(line.dataset.ends);
    line.textContent = left > 0 ? page.format(strings.time_left, {time: page.duration(left)})
      : strings.time_up;
    line.classList.toggle("up", left <= 0);
  }
}

renderToken();
if (!token()) showProblem(401, {detail: strings.token_needed});
if (section) {
  page.follow(eventPath, readEvent, answered);
  setInterval(tick, 1000);
} else {
  refresh();
}
})();
