// The table companion: one phone at a real table. It opens or joins a table, records
// moves for the player whose turn it is, and follows the moves the other phones
// record (a stream of the table's events, or long polling where the browser has no
// EventSource or the stream is refused). Moves that meet a dropped network are
// sent again with the same Idempotency-Key, so a move is never recorded twice.
"use strict";

const strings = page.strings();
const plural = new Intl.PluralRules(page.lang);
const STORE_KEY = "referee.tables";
const WAIT_SECONDS = 20;
const RETRIES = 8;

let table = null;   // {id, secret, name, joinCode, ruleset, seq, state, next, names}
let chosen = [];    // card ids tapped, in order
let firstCard = null;
let actor = null;   // a seat tapped by hand; null: the player whose turn it is
let wildColor = null;
let turnedUp = null;  // the other side's card a Flip turned up on the discard pile
let unoCalled = false;
let polling = 0;    // a generation number: leaving a table stops its loop
let source = null;  // the EventSource of the table followed, if any

const $ = (id) => document.getElementById(id);

// --- remembered tables (a restarted phone finds its table again) ---------------------

function remembered() {
  try { return JSON.parse(localStorage.getItem(STORE_KEY)) || {}; } catch { return {}; }
}

function remember(entry) {
  const all = remembered();
  all[entry.id] = entry;
  all.last = entry.id;
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

function forget(id) {
  const all = remembered();
  delete all[id];
  if (all.last === id) delete all.last;
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

// --- the cards, as coloured buttons --------------------------------------------------

// The names of the chosen ruleset's deck. A two-sided deck (UNO Flip) has them for each
// side in `deck.sides`; the pages show the side the table's state says is up.
let deck = {colors: [], cards: {}, flips: []};

async function loadNames(ruleset) {
  const {status, body} = await page.call(`/try/names?ruleset=${encodeURIComponent(ruleset)}`);
  deck = status === 200 ? body : {colors: [], cards: {}, flips: []};
}

const allFaces = () => (deck.sides ? Object.values(deck.sides) : [deck]);

// One side's colours, cards and Flip cards (a one-sided deck has only the one).
function face(side) {
  return (deck.sides && deck.sides[side || deck.first_side]) || deck;
}

function sideUp() {
  return table && table.state ? table.state.side : null;
}

// The side a Flip turns up: the one that is not up now.
function otherSide() {
  if (!deck.sides) return null;
  const up = sideUp() || deck.first_side;
  return Object.keys(deck.sides).find((side) => side !== up) || null;
}

function colorOf(card) {
  for (const names of allFaces()) {
    const found = names.colors.find((color) => card.startsWith(`${color.id}-`));
    if (found) return found.id;
  }
  return "wild";
}

// A card's name on the side that is up, else on the side that has it.
function nameOf(card) {
  const up = face(sideUp());
  if (up.cards[card]) return up.cards[card];
  const other = allFaces().find((names) => names.cards[card]);
  return other ? other.cards[card] : card;
}

function cardButton(card, onTap, pressed, names) {
  const button = page.element("button", {
    type: "button", class: `card card-${colorOf(card)}`, "data-card": card,
    "aria-pressed": pressed ? "true" : "false"}, names.cards[card] || card);
  button.addEventListener("click", () => onTap(card));
  return button;
}

// A picker shows one colour's cards of one side at a time (tabs), and the wild cards always.
function renderPicker(holder, onTap, isPressed, names) {
  const kept = names.colors.some((color) => color.id === holder.dataset.color);
  const shown = kept ? holder.dataset.color : (names.colors[0] && names.colors[0].id);
  const tabs = page.element("div", {class: "color-tabs", role: "group"});
  for (const color of names.colors) {
    const tab = page.element("button", {
      type: "button", class: `tab card-${color.id}`, "data-color": color.id,
      "aria-pressed": color.id === shown ? "true" : "false"}, color.name);
    tab.addEventListener("click", () => {
      holder.dataset.color = color.id;
      renderPicker(holder, onTap, isPressed, names);
    });
    tabs.append(tab);
  }
  const cards = page.element("div", {class: "cards"});
  for (const card of Object.keys(names.cards)) {
    const color = colorOf(card);
    if (color === shown || color === "wild") cards.append(cardButton(card, onTap, isPressed(card), names));
  }
  holder.replaceChildren(tabs, cards);
}

function renderFirstPicker() {
  renderPicker(document.querySelector('[data-picker="first"]'), (card) => {
    firstCard = card;
    renderFirstPicker();
  }, (card) => card === firstCard, face(null));
}

function renderHandPicker() {
  renderPicker(document.querySelector('[data-picker="hand"]'), (card) => {
    chosen.push(card);
    renderChosen();
  }, (card) => chosen.includes(card), face(sideUp()));
}

// A Flip among the chosen cards: the page asks which card of the other side it turned up.
function renderTurnedUpPicker() {
  const flipping = chosen.some((card) => (face(sideUp()).flips || []).includes(card));
  const other = otherSide();
  $("turned-up").hidden = !(flipping && other);
  if (!flipping || !other) {
    turnedUp = null;
    return;
  }
  renderPicker(document.querySelector('[data-picker="turned-up"]'), (card) => {
    turnedUp = card;
    renderChosen();
  }, (card) => card === turnedUp, face(other));
}

function renderSide() {
  const side = sideUp();
  $("side-line").hidden = !side;
  if (side) $("side-line").textContent = strings.sides[side] || page.format(strings.side_up, {side});
}

function renderChosen() {
  $("chosen").replaceChildren(...chosen.map((card) =>
    page.element("span", {class: `card-chip card-${colorOf(card)}`}, nameOf(card))));
  const wild = chosen.some((card) => colorOf(card) === "wild");
  $("wild-colors").hidden = !wild;
  if (!wild) wildColor = null;
  const buttons = face(sideUp()).colors.map((color) => {
    const button = page.element("button", {
      type: "button", class: `tab card-${color.id}`,
      "aria-pressed": color.id === wildColor ? "true" : "false"}, color.name);
    button.addEventListener("click", () => { wildColor = color.id; renderChosen(); });
    return button;
  });
  document.querySelector("#wild-colors .color-buttons").replaceChildren(...buttons);
  document.querySelector('[data-move="call-uno"]').setAttribute(
    "aria-pressed", unoCalled ? "true" : "false");
  renderHandPicker();
  renderTurnedUpPicker();
}

// --- what the table shows -----------------------------------------------------------

function say(verdict, next) {
  $("status").hidden = false;
  if (verdict) {
    $("verdict").textContent = verdict.message || "";
    $("verdict").className = `verdict-line ${verdict.legal === false ? "bad" : "good"}`;
  }
  if (next) $("next").textContent = next.message || "";
}

function network(text) {
  $("network").hidden = !text;
  $("network").textContent = text || "";
}

function actingSeat() {
  if (actor !== null) return actor;
  if (table.next && Number.isInteger(table.next.player)) return table.next.player;
  return table.state.current;
}

function renderTable() {
  const {state, next} = table;
  $("table-name").textContent = table.name || "";
  $("table-name").hidden = !table.name;
  $("join-line").hidden = !table.joinCode;
  if (table.joinCode) {
    $("join-line").replaceChildren(...page.format(strings.join_line, {code: "\u0000"})
      .split("\u0000").flatMap((part, index) => index
        ? [page.element("strong", {class: "code", translate: "no", lang: ""}, table.joinCode), part]
        : [part]));
  }
  const acting = actingSeat();
  $("seats").replaceChildren(...state.players.map((name, seat) => {
    const count = (state.hand_counts || [])[seat];
    const form = strings.cards[plural.select(count)] || strings.cards.other;
    const button = page.element("button", {
      type: "button", class: "seat", "aria-pressed": seat === acting ? "true" : "false"},
      page.element("span", {class: "player-name", translate: "no", lang: ""}, name),
      page.element("span", {class: "count"}, page.format(form, {count})));
    button.addEventListener("click", () => {
      actor = seat === actor ? null : seat;
      renderTable();
    });
    return page.element("li", seat === state.current ? {"aria-current": "true"} : {}, button);
  }));
  const top = state.top;
  $("top-card").textContent = top ? nameOf(top) : "";
  renderSide();
  $("top-card").className = `card-chip card-${top ? colorOf(top) : "wild"}`;
  const open = new Set((next && next.moves) || []);
  for (const button of document.querySelectorAll("[data-move]")) {
    const move = button.dataset.move;
    const always = ["call-uno", "catch-uno", "undo"].includes(move);
    button.disabled = move === "undo" ? table.seq === 0 : !(always || open.has(move));
  }
  renderChosen();
}

function apply(verdict, seq) {
  if (seq < table.seq) return;  // an older answer arriving late
  table.seq = seq;
  if (verdict.state) table.state = verdict.state;
  if (verdict.next) table.next = verdict.next;
  actor = null;
  say(verdict, verdict.next);
  renderTable();
}

// --- the network ----------------------------------------------------------------------

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// POSTs a move; a dropped network or a 5xx is tried again with the same key.
async function sendMove(move) {
  const key = newKey();
  const body = JSON.stringify({move});
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    const answer = await page.call(`/v1/tables/${table.id}/moves`, {
      method: "POST", body,
      headers: {"Content-Type": "application/json", "Idempotency-Key": key,
                "Authorization": `Bearer ${table.secret}`}});
    if (answer.status !== 0 && answer.status < 500) {
      network(null);
      return answer;
    }
    network(strings.retrying);
    await sleep(Math.min(500 * 2 ** attempt, 5000));
  }
  return {status: 0, body: {detail: strings.retrying}};
}

async function record(move) {
  const {status, body} = await sendMove(move);
  if (status === 200) {
    chosen = [];
    unoCalled = false;
    apply(body, body.seq);
  } else {
    say({message: page.format(strings.failed, {detail: body.detail || status}), legal: false});
  }
}

// One stream hears every move as it is recorded; the browser reconnects it by itself
// (sending the last seq heard as Last-Event-ID). An answer that is not a stream
// closes it for good: then the phone long-polls instead.
function follow(generation) {
  stopStream();
  if (typeof EventSource !== "function") return poll(generation);
  const url = new URL(`/v1/tables/${table.id}/events`, window.location.origin);
  url.searchParams.set("after", table.seq);
  url.searchParams.set("lang", page.lang);  // EventSource sends no headers of ours
  const stream = new EventSource(url);
  source = stream;
  stream.onopen = () => network(null);
  stream.onmessage = (message) => {
    if (generation !== polling) return stopStream();
    const event = JSON.parse(message.data);
    if (event.seq > table.seq) apply(event.verdict, event.seq);
  };
  stream.onerror = () => {
    if (generation !== polling) return stopStream();
    if (stream.readyState === EventSource.CLOSED) {
      stopStream();
      poll(generation);
    } else {
      network(strings.reconnecting);
    }
  };
}

function stopStream() {
  if (source) source.close();
  source = null;
}

async function poll(generation) {
  while (generation === polling) {
    const url = `/v1/tables/${table.id}/events?after=${table.seq}&wait=${WAIT_SECONDS}`;
    const {status, body} = await page.call(url);
    if (generation !== polling) return;
    if (status === 200) {
      network(null);
      const events = body.events || [];
      if (events.length) {
        const last = events[events.length - 1];
        apply(last.verdict, last.seq);
      }
      if (!events.length && !body.next) await sleep(200);  // the server had no room to wait
    } else {
      network(strings.reconnecting);
      await sleep(2000);
    }
  }
}

// --- opening, joining, resuming ------------------------------------------------------

async function show(entry) {
  const {status, body} = await page.call(`/v1/tables/${entry.id}`);
  if (status !== 200) {
    forget(entry.id);
    return say({message: page.format(strings.failed, {detail: body.detail || status}),
                legal: false});
  }
  await loadNames(body.ruleset.id);
  table = {...entry, name: body.name, ruleset: body.ruleset.id, seq: body.seq,
           state: body.state, next: body.next};
  chosen = [];
  $("start").hidden = true;
  $("play").hidden = false;
  const url = new URL(window.location.href);
  url.searchParams.delete("code");
  url.searchParams.set("t", entry.id);
  history.replaceState(null, "", url);
  say(null, body.next);
  renderTable();
  polling += 1;
  follow(polling);
}

$("open").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const players = form.get("players").split(",").map((name) => name.trim()).filter(Boolean);
  const request = {ruleset: form.get("ruleset"), players, dealer: 0,
                   first_card: firstCard || Object.keys(face(null).cards)[0]};
  const name = form.get("name").trim();
  if (name) request.name = name;
  const {status, body} = await page.call("/v1/tables", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify(request)});
  if (status !== 201) {
    return say({message: page.format(strings.failed, {detail: body.detail || status}),
                legal: false});
  }
  const entry = {id: body.id, secret: body.secret, joinCode: body.join_code};
  remember(entry);
  await show(entry);
  say(body.verdict, body.verdict.next);
});

async function join(code) {
  const {status, body} = await page.call("/v1/tables/join", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({code})});
  if (status !== 200) {
    return say({message: page.format(strings.failed, {detail: body.detail || status}),
                legal: false});
  }
  const entry = {id: body.id, secret: body.secret, joinCode: code.toUpperCase()};
  remember(entry);
  await show(entry);
}

$("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  await join(new FormData(event.target).get("code").trim());
});

$("ruleset").addEventListener("change", async (event) => {
  await loadNames(event.target.value);
  firstCard = null;
  renderFirstPicker();
});

$("clear").addEventListener("click", () => {
  chosen = [];
  unoCalled = false;
  renderChosen();
});

$("leave").addEventListener("click", () => {
  polling += 1;
  stopStream();
  forget(table.id);
  table = null;
  const url = new URL(window.location.href);
  url.searchParams.delete("t");
  history.replaceState(null, "", url);
  $("play").hidden = true;
  $("status").hidden = true;
  $("start").hidden = false;
});

// --- the move buttons ------------------------------------------------------------------

const moves = {
  play() {
    const move = {type: "play", player: actingSeat(), cards: chosen};
    if (wildColor) move.color = wildColor;
    if (turnedUp) move.turned_up = turnedUp;
    if (unoCalled) move.uno = true;
    return chosen.length ? move : null;
  },
  draw: () => ({type: "draw", player: actingSeat()}),
  pass: () => ({type: "pass", player: actingSeat()}),
  "call-uno"() {
    if (chosen.length) {  // said with the play: sent with it
      unoCalled = !unoCalled;
      renderChosen();
      return null;
    }
    return {type: "call-uno", player: actingSeat()};
  },
  "catch-uno"() {
    const catchable = (table.next && table.next.catchable) || [];
    const target = actor !== null && catchable.includes(actor) ? actor : catchable[0];
    if (target === undefined) {
      say({message: strings.nobody, legal: false});
      return null;
    }
    const catcher = table.next && Number.isInteger(table.next.player) ? table.next.player : 0;
    return {type: "catch-uno", player: catcher === target ? (target + 1) % table.state.players.length : catcher,
            target};
  },
  challenge() {
    const move = {type: "challenge", player: actingSeat()};
    if (chosen.length) move.hand = chosen;
    return move;
  },
  accept: () => ({type: "accept", player: actingSeat()}),
  undo: () => ({type: "correct", to_seq: Math.max(table.seq - 1, 0)}),
};

for (const button of document.querySelectorAll("[data-move]")) {
  button.addEventListener("click", async () => {
    const move = moves[button.dataset.move]();
    if (move) await record(move);
  });
}

// --- start ----------------------------------------------------------------------------

(async () => {
  await loadNames($("ruleset").value);
  renderFirstPicker();
  const params = new URLSearchParams(window.location.search);
  const all = remembered();
  const wanted = params.get("t") || (!params.get("code") && all.last);
  if (params.get("code")) {
    $("code").value = params.get("code");
    await join(params.get("code"));
  } else if (wanted && all[wanted]) {
    await show(all[wanted]);
  }
})();
