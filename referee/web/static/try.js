// The practice board: opens a table and sends moves through the public API, the way
// the phone app does, then shows each verdict and the public state.
"use strict";

const strings = page.strings();
let table = null;  // {id, players, names, side}

document.getElementById("open").addEventListener("submit", async (event) => {
  event.preventDefault();
  await openTable(new FormData(event.target));
});

for (const form of document.querySelectorAll("form.move")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    await sendMove(form);
  });
}

const cardList = (text) => text.split(",").map((card) => card.trim()).filter(Boolean);

// The names of one side of the deck: a two-sided deck (UNO Flip) has them for each side
// in `names.sides`, and the board offers the side the state says is up.
function face(side) {
  const names = table.names;
  return (names.sides && names.sides[side || names.first_side]) || names;
}

const allFaces = () => (table.names.sides ? Object.values(table.names.sides) : [table.names]);

// A play of a card that turns the deck over says which card it turned up: the field
// shows while the cards typed hold such a card.
const playForm = document.querySelector("form.move[data-type=play]");
const turnedUpField = document.getElementById("turned-up-field");

function showTurnedUpField() {
  const flips = table ? face(table.side).flips || [] : [];
  const flipping = cardList(playForm.elements.cards.value).some((card) => flips.includes(card));
  turnedUpField.hidden = !flipping;
  if (!flipping) playForm.elements.turned_up.value = "";
}

playForm.elements.cards.addEventListener("input", showTurnedUpField);

async function openTable(form) {
  const ruleset = form.get("ruleset");
  const players = form.get("players").split(",").map((name) => name.trim()).filter(Boolean);
  const {status, body} = await page.call("/v1/tables", {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({ruleset, players, dealer: Number(form.get("dealer")),
                          first_card: form.get("first_card").trim()}),
  });
  if (status !== 201) return showProblem(body);
  showProblem(null);
  // The table's secret: moves are sent with it (Authorization: Bearer).
  table = {id: body.id, secret: body.secret, players: body.state.players || players,
           names: {colors: [], cards: {}, flips: []}, side: undefined};
  const names = await page.call(`/try/names?ruleset=${encodeURIComponent(ruleset)}`);
  if (names.status === 200) table.names = names.body;
  fillChoices(face(body.state.side).colors);
  document.getElementById("verdicts").replaceChildren();
  document.getElementById("board").hidden = false;
  document.getElementById("board").dataset.table = body.id;
  if (body.verdict || body.code) showVerdict(body.verdict || body);
  showState(body.state);
}

const option = (value, label) => page.element("option", {value}, label);

function fillChoices(colors) {
  for (const select of document.querySelectorAll("select.seat")) {
    const seats = table.players.map((name, seat) => option(seat, `${seat}: ${name}`));
    if (select.classList.contains("optional")) seats.unshift(option("", strings.no_target));
    select.replaceChildren(...seats);
  }
  fillColors(colors);
}

function fillColors(colors) {
  for (const select of document.querySelectorAll("select.color")) {
    select.replaceChildren(option("", strings.no_color),
                           ...colors.map((color) => option(color.id, color.name)));
  }
}

// Which side of the deck is up; the colours offered follow it when it turns.
function showSide(side) {
  const line = document.getElementById("state-side");
  line.hidden = !side;
  if (side) line.textContent = strings.sides[side] || page.format(strings.side_up, {side});
  if (side !== table.side) {
    if (table.side !== undefined) fillColors(face(side).colors);
    table.side = side;
  }
  showTurnedUpField();
}

function moveFrom(form) {
  const data = new FormData(form);
  const move = {type: form.dataset.type};
  if (data.has("player")) move.player = Number(data.get("player"));
  if (data.has("cards")) move.cards = cardList(data.get("cards"));
  if (data.get("color")) move.color = data.get("color");
  if (data.get("turned_up") && data.get("turned_up").trim()) move.turned_up = data.get("turned_up").trim();
  if (data.get("target")) move.target = Number(data.get("target"));
  if (form.querySelector("[name=uno]")) move.uno = data.has("uno");
  if (data.has("count")) move.count = Number(data.get("count"));
  if (data.has("hand")) move.hand = cardList(data.get("hand"));
  if (data.has("hands")) {
    move.hands = data.get("hands").split("\n").map(cardList);
  }
  return move;
}

async function sendMove(form) {
  if (!table) return;
  const {status, body} = await page.call(`/v1/tables/${encodeURIComponent(table.id)}/moves`, {
    method: "POST",
    headers: {"Content-Type": "application/json", "Authorization": `Bearer ${table.secret}`},
    body: JSON.stringify({move: moveFrom(form)}),
  });
  if (status !== 200) return showProblem(body);
  showProblem(null);
  showVerdict(body);
  showState(body.state);
}

function showProblem(body) {
  const problem = document.getElementById("problem");
  problem.hidden = !body;
  if (!body) return;
  const details = (body.errors || []).map(page.problemText).join("; ");
  problem.textContent = page.format(strings.failed,
    {detail: [body.detail || body.title, details].filter(Boolean).join(" ")});
}

const SEAT_FIELDS = new Set(["player", "target", "first_player", "current"]);

// An effect as the API gives it, with seats also named: "draw: player 2 (Chirag), count 2".
function describeEffect(effect) {
  const {type, ...rest} = effect;
  const shown = (name, value) => SEAT_FIELDS.has(name) && Number.isInteger(value) && table.players[value]
    ? `${value} (${table.players[value]})` : JSON.stringify(value);
  const fields = Object.entries(rest).map(([name, value]) => `${name} ${shown(name, value)}`);
  return fields.length ? `${type}: ${fields.join(", ")}` : type;
}

// The effects in the page's language; an effect the server cannot put in words is
// shown as the API gives it.
async function effectTexts(effects) {
  if (!effects.length) return [];
  const {status, body} = await page.call("/try/effects", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({effects, players: table.players})});
  const texts = status === 200 && Array.isArray(body.effects) ? body.effects : [];
  return effects.map((effect, index) => texts[index]
    ? page.element("span", {lang: page.lang}, texts[index])
    : page.element("span", {lang: "en"}, describeEffect(effect)));
}

async function showVerdict(verdict) {
  const effects = verdict.effects || [];
  const described = await effectTexts(effects);
  const item = page.element("li", {class: verdict.legal ? "verdict legal" : "verdict illegal"},
    page.element("span", {class: "badge"}, verdict.legal ? strings.legal : strings.illegal),
    page.element("p", {class: "message"}, verdict.message || ""),
    page.element("p", {class: "reason"},
      page.element("code", {lang: "en", class: "code"}, verdict.code),
      " · ", `${strings.rule}: `,
      page.element("code", {lang: "en", class: "rule"}, verdict.rule || strings.none)),
    page.element("p", {class: "effects"}, `${strings.effects}: `,
      ...(described.length ? described.flatMap((part, index) => index ? [" ", part] : [part])
        : [strings.none])));
  document.getElementById("verdicts").prepend(item);
}

function describePending({kind, ...rest}) {
  return describeEffect({type: kind, ...rest});
}

// A card by its name in the page's language, with the id the API and the forms use.
function showCard(id, card) {
  const element = document.getElementById(id);
  const holder = [face(table.side), ...allFaces()].find((names) => names.cards[card]);
  const name = holder && holder.cards[card];
  const code = page.element("code", {lang: "en"}, card ?? "");
  element.replaceChildren(...(name && name !== card ? [name, " ", code] : [code]));
}

// An API value (an English id) shown in the page's language when the page knows it.
function named(id, names, value) {
  const element = document.getElementById(id);
  const known = Object.prototype.hasOwnProperty.call(names, value);
  element.textContent = known ? names[value] : (value ?? "");
  if (known) element.removeAttribute("lang"); else element.setAttribute("lang", "en");
}

let pendingShown = 0;

function showState(state) {
  const players = state.players || table.players;
  const text = (id, value) => { document.getElementById(id).textContent = value; };
  text("state-current", `${state.current}: ${players[state.current] ?? ""}`);
  showSide(state.side);
  showCard("state-top", state.top);
  const colorNames = Object.fromEntries(allFaces().flatMap((names) => names.colors)
    .map((color) => [color.id, color.name]));
  named("state-color", colorNames, state.color);
  named("state-direction", strings.directions, state.direction);
  text("state-pending", strings.none);
  // The pending draw is worded by a request of its own: a newer state shown meanwhile
  // wins, so a slow answer never puts back a draw that is no longer owed.
  const shown = ++pendingShown;
  if (state.pending) {
    const {kind, ...rest} = state.pending;
    const owed = kind === "launcher" ? {type: kind, ...rest, presses: rest.count} : {type: kind, ...rest};
    effectTexts([owed]).then((parts) => {
      if (shown === pendingShown) document.getElementById("state-pending").replaceChildren(...parts);
    });
  }
  named("state-phase", strings.phases, state.phase);
  const rows = players.map((name, seat) => page.element("tr",
    {class: seat === state.current ? "current" : null},
    page.element("td", {}, seat), page.element("td", {}, name),
    page.element("td", {}, (state.hand_counts || [])[seat] ?? ""),
    page.element("td", {}, (state.scores || [])[seat] ?? "")));
  document.getElementById("seats").replaceChildren(...rows);
}
