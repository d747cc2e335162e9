// The table companion: one phone at a real table. It opens or joins a table (as one
// player's phone, or as the table's shared phone), records moves, scores rounds and
// deals the next ones, and follows the moves the other phones record (a stream of the
// table's events, or long polling where the browser has no EventSource or the stream
// is refused). Moves that meet a dropped network, a timeout, a 5xx or a 429 stay
// queued and are sent again with the same Idempotency-Key, so a move is never lost and
// never recorded twice.
"use strict";

const strings = page.strings();
const plural = new Intl.PluralRules(page.lang);
const STORE_KEY = "referee.tables";
const WAIT_SECONDS = page.WAIT_SECONDS;
const CALL_TIMEOUT = page.CALL_TIMEOUT;  // ms: any call without an answer by then is retried
const QUIET_PROBE = 8000;      // ms without news from the table: ask it directly
const BEHIND_AFTER = 10000;    // ms without news (or with news we have not heard): behind
const MAX_BACKOFF = 8000;
const HISTORY = 5;

let table = null;   // {id, secret, name, joinCode, seat, ruleset, seq, state, next, lastMove, lastMoveAt}
let rules = null;   // the table's ruleset (GET /v1/rulesets/{id}): scoring, opening, launcher
let chosen = [];    // card ids tapped, in order
let actor = null;   // a seat tapped by hand (a table phone); null: the player whose turn it is
let wildColor = null;
let turnedUp = null;  // the other side's card a Flip turned up on the discard pile
let unoCalled = false;
let polling = 0;    // a generation number: leaving a table stops its loop
let source = null;  // the EventSource of the table followed, if any
let history = [];   // the last moves' sentences, newest first
let heard = 0;      // when the table was last heard from (an event, a poll, a probe)
let probing = false;
let behindSince = null;  // seq the table was found at while this phone had not heard it
let linkState = "online";
let waiting = 0;    // moves tapped and not yet answered
let sending = Promise.resolve();  // moves go out one after another, in the order tapped
let undoOffer = null;  // {takesBack, seq} while Undo asks "take back …?"
let handColor = null;  // the colour tab tapped since the last move (else the colour in play)
let plays = {key: null, player: null, hints: [], sending: false};  // the cards the referee takes now
let playing = null;   // one of them tapped, with its choices so far: {hint, turnedUp, color, target}
const firsts = {first: {cards: [], color: null}, deal: {cards: [], color: null}};
let scoreMode = "points";
let scoreSeat = null;
let scoreHands = {};

const $ = (id) => document.getElementById(id);
const isSeatPhone = () => table && Number.isInteger(table.seat);

// --- remembered tables (a restarted phone finds its table and its seat again) --------

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
  const id = encodeURIComponent(ruleset);
  const [names, book] = await Promise.all([
    page.call(`/try/names?ruleset=${id}`), page.call(`/v1/rulesets/${id}`)]);
  deck = names.status === 200 ? names.body : {colors: [], cards: {}, flips: []};
  rules = book.status === 200 ? book.body : null;
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

function colorName(color) {
  for (const names of allFaces()) {
    const found = names.colors.find((known) => known.id === color);
    if (found) return found.name;
  }
  return color;
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

// A picker shows one colour's cards of one side at a time (tabs), and the wild cards
// always. `start` is the tab shown first (the colour in play, for the hand).
function renderPicker(holder, onTap, isPressed, names, start) {
  const known = (color) => names.colors.some((each) => each.id === color);
  const shown = known(holder.dataset.color) ? holder.dataset.color
    : known(start) ? start : (names.colors[0] && names.colors[0].id);
  const tabs = page.element("div", {class: "color-tabs", role: "group"});
  for (const color of names.colors) {
    const tab = page.element("button", {
      type: "button", class: `tab card-${color.id}`, "data-color": color.id,
      "aria-pressed": color.id === shown ? "true" : "false"}, color.name);
    tab.addEventListener("click", () => {
      holder.dataset.color = color.id;
      renderPicker(holder, onTap, isPressed, names, start);
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

// --- the first card of a round (opening, dealing) -----------------------------------

// What the ruleset does with `card` turned up first: "redraw" (it goes back into the
// deck and the next card is turned), "choose-color" (the first player names the
// colour), "apply" ...
function firstCardRule(card) {
  const opening = (rules && rules.opening && rules.opening.first_card) || {};
  const color = colorOf(card);
  const kind = color === "wild" ? card : card.slice(color.length + 1);
  if (opening.by_kind && opening.by_kind[kind]) return opening.by_kind[kind];
  if (color === "wild") return opening.wild;
  return /^\d+$/.test(kind) ? opening.number : opening.action;
}

// A tap on the first-card picker: a card the rules send back stays listed and the next
// tap adds the card turned up after it; otherwise the tap replaces the last card.
function tapFirst(which, card) {
  const chosenFirst = firsts[which];
  const last = chosenFirst.cards[chosenFirst.cards.length - 1];
  if (last && firstCardRule(last) === "redraw") chosenFirst.cards.push(card);
  else chosenFirst.cards.splice(Math.max(chosenFirst.cards.length - 1, 0), 1, card);
  renderFirst(which);
}

function firstCards(which) {
  const cards = firsts[which].cards.length ? firsts[which].cards : [Object.keys(face(null).cards)[0]];
  return cards.length === 1 ? cards[0] : cards;
}

function renderFirst(which) {
  const chosenFirst = firsts[which];
  if (!chosenFirst.cards.length) chosenFirst.cards.push("red-7" in face(null).cards ? "red-7" : Object.keys(face(null).cards)[0]);
  document.querySelector(`[data-first-chosen="${which}"]`).replaceChildren(...chosenFirst.cards.map(
    (card) => page.element("span", {class: `card-chip card-${colorOf(card)}`}, nameOf(card))));
  const last = chosenFirst.cards[chosenFirst.cards.length - 1];
  const note = document.querySelector(`[data-first-note="${which}"]`);
  const rule = firstCardRule(last);
  note.hidden = rule !== "redraw";
  if (rule === "redraw") note.textContent = page.format(strings.sent_back, {card: nameOf(last)});
  const colors = document.querySelector(`[data-first-colors="${which}"]`);
  const naming = rule === "choose-color";
  colors.hidden = !naming;
  if (!naming) chosenFirst.color = null;
  colors.replaceChildren(...(naming ? [page.element("span", {}, strings.first_color)] : []),
    ...(naming ? face(null).colors : []).map((color) => {
      const button = page.element("button", {
        type: "button", class: `tab card-${color.id}`, "data-first-color": color.id,
        "aria-pressed": color.id === chosenFirst.color ? "true" : "false"}, color.name);
      button.addEventListener("click", () => { chosenFirst.color = color.id; renderFirst(which); });
      return button;
    }));
  renderPicker(document.querySelector(`[data-picker="${which}"]`), (card) => tapFirst(which, card),
    (card) => card === last, face(null));
}

function renderDealerChoice() {
  const names = $("players").value.split(",").map((name) => name.trim()).filter(Boolean);
  const kept = $("dealer").value;
  $("dealer").replaceChildren(...names.map((name, seat) =>
    page.element("option", {value: seat, translate: "no", lang: ""}, name)));
  if (kept && Number(kept) < names.length) $("dealer").value = kept;
}

// --- the hand and the play ----------------------------------------------------------

function renderHandPicker() {
  renderPicker(document.querySelector('[data-picker="hand"]'), (card) => {
    chosen.push(card);
    renderChosen();
  }, (card) => chosen.includes(card), face(sideUp()), table && table.state.color);
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

// --- one tap: the cards the referee would take now -------------------------------------
//
// The phone does not know the hand, but the referee knows the top card, the colour in
// play, a pending draw, the side up and the rules: the table's hints with `deck: true`
// list the deck's cards it takes now from the player who acts, the likeliest first. On
// that player's phone (or the table's) they are big buttons: one tap records the play
// (a wild then asks its colour, a Flip the card it turned up, an aimed card its player).

function playsWanted() {
  const next = table.next || {};
  if (keeping()) return false;  // a score keeper records no plays
  if (!Number.isInteger(next.player) || !(next.moves || []).includes("play")) return false;
  return isSeatPhone() ? next.player === table.seat : actor === null || actor === next.player;
}

async function loadPlays() {
  const id = table.id;
  const key = `${id}:${table.seq}`;
  if (plays.key === key) return;
  plays = {key, player: null, hints: [], sending: false};
  const {status, body} = await page.call(`/v1/tables/${id}/hints`, {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({deck: true}), timeout: CALL_TIMEOUT});
  if (!table || plays.key !== key) return;  // the table moved on meanwhile
  if (status !== 200) {
    plays.key = null;  // asked again at the next look
    return;
  }
  plays.player = body.player;
  plays.hints = (body.moves || []).filter((hint) => hint.move.type === "play");
  renderPlays();
}

function renderPlays() {
  const wanted = playsWanted();
  if (wanted) loadPlays();
  const shown = wanted && plays.key === `${table.id}:${table.seq}` && plays.hints.length > 0
    && plays.player === table.next.player;
  $("plays").hidden = !shown;
  if (!shown) {
    playing = null;
    return;
  }
  const names = face(sideUp());
  $("play-chips").replaceChildren(...plays.hints.map((hint) => {
    const card = hint.move.cards[0];
    const chip = page.element("button", {
      type: "button", class: `card play-chip card-${colorOf(card)}`, "data-play": card,
      "aria-pressed": playing && playing.hint === hint ? "true" : "false"}, names.cards[card] || nameOf(card));
    chip.disabled = plays.sending;  // one play per turn: a second tap waits for the answer
    chip.addEventListener("click", () => tapPlay(hint));
    return chip;
  }));
  // A name with a word wider than one column (pink Skip Everyone) takes two, unbroken.
  for (const chip of $("play-chips").children) {
    if (chip.scrollWidth > chip.clientWidth + 1) chip.classList.add("wide");
  }
  renderPlayChoice();
}

// The turn begins: the page scrolls down (never up) until "Your turn" is just under the
// verdict line, so that the cards to tap show below the moves.
function bringTurnIntoView() {
  if (keeping()) return;
  // the verdict line sticks to the top of the screen: the cue goes just under it
  const wanted = $("your-turn").getBoundingClientRect().top + window.scrollY - $("status").offsetHeight - 8;
  if (wanted > window.scrollY) window.scrollTo({top: wanted});
}

function flips(card) {
  return (face(sideUp()).flips || []).includes(card);
}

// What the tapped card still needs, in order: the card a Flip turned up, the colour a
// wild names, the player it aims at; null when the play can be sent.
function playNeeds(step) {
  const {hint} = step;
  if (flips(hint.move.cards[0]) && !step.turnedUp && otherSide()) return "turned_up";
  const colors = hint.colors || [];
  const naming = colors.length && (!flips(hint.move.cards[0]) || colorOf(step.turnedUp) === "wild");
  if (naming && !step.color) return "color";
  if ((hint.targets || []).length && step.target === undefined) return "target";
  return null;
}

function tapPlay(hint) {
  if (chosen.length) {
    chosen = [];
    renderChosen();
  }
  playing = {hint};
  advancePlay();
}

function advancePlay() {
  if (!playing) return;
  if (playNeeds(playing) === null) {
    const {hint, color, target, turnedUp} = playing;
    playing = null;
    const move = {type: "play", player: hint.move.player, cards: hint.move.cards};
    if (color) move.color = color;
    if (target !== undefined) move.target = target;
    if (turnedUp) move.turned_up = turnedUp;
    if (unoCalled) move.uno = true;  // UNO! said with the card (tapped before it), never assumed
    const key = plays.key;
    plays.sending = true;
    renderPlays();
    record(move).then(() => {
      if (plays.key !== key) return;  // answered: the next turn's cards are asked for
      plays.sending = false;          // refused: the cards stay, tap again
      renderPlays();
    });
    return;
  }
  renderPlays();
  $("play-choice").scrollIntoView({block: "nearest"});
}

function renderPlayChoice() {
  const need = playing && playNeeds(playing);
  $("play-choice").hidden = !need;
  const picker = document.querySelector('[data-picker="play-turned-up"]');
  picker.hidden = need !== "turned_up";
  if (!need) return;
  const choose = (value, text, cls, attribute) => {
    const button = page.element("button", {type: "button", class: `tab ${cls}`, [attribute]: value}, text);
    button.addEventListener("click", () => {
      if (need === "color") playing.color = value;
      else playing.target = Number(value);
      advancePlay();
    });
    return button;
  };
  if (need === "turned_up") {
    $("play-choice-label").textContent = strings.turned_up_question;
    $("play-choice-buttons").replaceChildren();
    renderPicker(picker, (card) => { playing.turnedUp = card; advancePlay(); }, () => false, face(otherSide()));
  } else if (need === "color") {
    $("play-choice-label").textContent = strings.wild_color;
    $("play-choice-buttons").replaceChildren(...playing.hint.colors.map((color) =>
      choose(color, colorName(color), `card-${color}`, "data-play-color")));
  } else {
    $("play-choice-label").textContent = strings.aim_question;
    $("play-choice-buttons").replaceChildren(...playing.hint.targets.map((seat) => {
      const button = choose(seat, table.state.players[seat], "aim", "data-play-target");
      button.setAttribute("translate", "no");
      button.setAttribute("lang", "");
      return button;
    }));
  }
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

// What a refused request says: the problem's own messages (what is wrong), else its
// detail; a 409 means another phone recorded first.
function problemText(status, body) {
  if (status === 409) return strings.moved_on;
  const errors = (body && Array.isArray(body.errors) ? body.errors : [])
    .map((error) => error.message).filter(Boolean);
  const detail = errors.length ? errors.join("; ") : (body && body.detail) || String(status);
  return page.format(strings.failed, {detail});
}

function refuse(status, body) {
  say({message: problemText(status, body), legal: false});
}

function renderLink() {
  const line = $("network");
  line.hidden = false;
  const parts = [linkState === "offline" ? strings.offline
    : linkState === "reconnecting" ? strings.reconnecting : strings.online];
  if (waiting) {
    const form = strings.waiting[plural.select(waiting)] || strings.waiting.other;
    parts.push(page.format(form, {count: waiting}));
  }
  line.textContent = parts.join(" · ");
  line.className = `network-line link-${linkState}`;
  line.dataset.link = linkState;
  line.dataset.waiting = waiting;
}

function setLink(state) {
  linkState = tableOutbox.offline() ? "offline" : state;  // the browser knows it has no network
  renderLink();
}

function actingSeat() {
  if (isSeatPhone()) return table.seat;
  if (actor !== null) return actor;
  if (table.next && Number.isInteger(table.next.player)) return table.next.player;
  return table.state.current;
}

const pointsText = (count) => page.format(
  strings.points[plural.select(count)] || strings.points.other, {count});

function renderSeats() {
  const {state} = table;
  const acting = actingSeat();
  $("seats").replaceChildren(...state.players.map((name, seat) => {
    const count = (state.hand_counts || [])[seat];
    const form = strings.cards[plural.select(count)] || strings.cards.other;
    const score = (state.scores || [])[seat] || 0;
    const button = page.element("button", {
      type: "button", class: "seat", "aria-pressed": seat === acting ? "true" : "false"},
      page.element("span", {class: "player-name", translate: "no", lang: ""}, name),
      page.element("span", {class: "count"}, page.format(form, {count})),
      page.element("span", {class: "score", "data-score": score}, pointsText(score)));
    button.disabled = isSeatPhone();
    button.addEventListener("click", () => {
      actor = seat === actor ? null : seat;
      renderTable();
    });
    const mark = {};
    if (seat === state.current) mark["aria-current"] = "true";
    if (seat === table.seat) mark.class = "mine";
    return page.element("li", mark, button);
  }));
  const target = rules && rules.scoring && rules.scoring.target;
  $("target-line").hidden = !target;
  if (target) $("target-line").textContent = page.format(strings.target_line, {target});
}

// Which moves this phone offers now: the table phone every move `next` opens; a
// player's phone its own seat's moves, plus what is the table's (catch, challenge,
// undo; score and deal have their own panels).
function moveOpen(move, open) {
  const next = table.next || {};
  if (move === "undo") return table.seq > 0;
  const playing = ["play", "respond"].includes(table.state.phase);
  if (move === "catch-uno" || move === "call-uno") return playing;  // any phone, any turn
  if (move === "challenge") return open.has("challenge");
  if (!open.has(move)) return false;
  return !isSeatPhone() || next.player === table.seat;
}

function renderFired(open) {
  const launcher = rules && rules.draw_source === "launcher";
  const mine = !isSeatPhone() || (table.next || {}).player === table.seat
    || ((table.next || {}).owed || []).some((owed) => owed.player === table.seat);
  const shown = launcher && mine && (open.has("draw") || ((table.next || {}).owed || []).length > 0);
  $("fired").hidden = !shown;
  document.querySelector('[data-move="draw"]').hidden = Boolean(launcher);
  if (!shown) return;
  const buttons = [0, 1, 2, 3, 4, 5, 6].map((count) => {
    const button = page.element("button", {type: "button", class: "fired-count", "data-fired": count},
      count === 6 ? "6+" : String(count));
    button.addEventListener("click", () => {
      let fired = count;
      if (count === 6) {
        const typed = Number.parseInt(window.prompt("6+", "6"), 10);
        if (!Number.isInteger(typed) || typed < 0) return;
        fired = typed;
      }
      record({type: "draw", player: actingSeat(), count: fired});
    });
    return button;
  });
  document.querySelector("#fired .fired-buttons").replaceChildren(...buttons);
}

function renderTable() {
  const {state, next} = table;
  $("table-name").textContent = table.name || "";
  $("table-name").hidden = !table.name;
  $("join-line").hidden = !table.joinCode;
  $("share-line").hidden = !table.joinCode;
  if (table.joinCode) {
    $("join-line").replaceChildren(...page.format(strings.join_line, {code: "\u0000"})
      .split("\u0000").flatMap((part, index) => index
        ? [page.element("strong", {class: "code", translate: "no", lang: ""}, table.joinCode), part]
        : [part]));
  }
  renderSeats();
  const top = state.top;
  $("top-card").textContent = top ? nameOf(top) : "";
  $("top-card").className = `card-chip top-card card-${state.color || (top ? colorOf(top) : "wild")}`;
  $("color-line").textContent = state.color
    ? page.format(strings.color_in_play, {color: colorName(state.color)}) : "";
  renderSide();
  const mine = isSeatPhone() && next && next.player === table.seat;
  $("your-turn").hidden = !mine;
  if (mine) $("your-turn").textContent = page.format(strings.your_turn, {player: state.players[table.seat]});
  const open = new Set((next && next.moves) || []);
  for (const button of document.querySelectorAll("[data-move]")) {
    button.disabled = !moveOpen(button.dataset.move, open);
  }
  // Between rounds there is no card to play: the hand's picker gives way to the score.
  $("hand-area").hidden = !["play", "challenge"].some((move) => open.has(move));
  renderFired(open);
  renderScore(open);
  renderDeal(open);
  renderHistory();
  renderChosen();
  renderPlays();
  renderKeeper();
}

function renderHistory() {
  const unjudged = table ? tableOutbox.pending(table.id).filter((entry) => entry.offline) : [];
  $("history").replaceChildren(...unjudged.map(() => page.element("li", {class: "pending"}, strings.not_judged)),
    ...history.map((entry) =>
    page.element("li", {class: entry.legal === false ? "bad" : "good"}, entry.message)));
}

// The last few moves recorded before this phone came to the table.
async function recentMoves(id, seq) {
  if (!seq) return;
  const {status, body} = await page.call(`/v1/tables/${id}/events?after=${Math.max(seq - HISTORY, 0)}`);
  if (status !== 200 || !table || table.id !== id || history.length) return;
  for (const event of body.events || []) {
    if (event.seq <= table.seq) noteHistory(event.verdict);
  }
  renderHistory();
}

function noteHistory(verdict) {
  if (!verdict || !verdict.message) return;
  history.unshift({message: verdict.message, legal: verdict.legal});
  history = history.slice(0, HISTORY);
}

let myTurnBefore = false;

function apply(verdict, seq) {
  if (seq <= table.seq) return;  // an answer already heard, or an older one arriving late
  table.seq = seq;
  if (verdict.state) table.state = verdict.state;
  if (verdict.next) table.next = verdict.next;
  actor = null;
  handColor = null;
  playing = null;
  delete document.querySelector('[data-picker="hand"]').dataset.color;
  closeUndo();
  noteHistory(verdict);
  if (behindSince !== null && seq >= behindSince) behind(null);
  say(verdict, verdict.next);
  tableSpeech.heard(verdict);
  renderTable();
  const myTurn = isSeatPhone() && table.next && table.next.player === table.seat;
  if (myTurn && !myTurnBefore && navigator.vibrate) navigator.vibrate(200);
  if (myTurn && !myTurnBefore) bringTurnIntoView();
  myTurnBefore = myTurn;
  refreshLastMove();
}

// --- scoring and dealing --------------------------------------------------------------

// A past round being scored again (the sheet's "correct this round"): its number and its
// winner, from the score sheet the state carries; null while no round is.
let rescoring = null;

function renderScore(open) {
  const {state} = table;
  if (rescoring && !(state.rounds || []).some((round) => round.round === rescoring.round)) rescoring = null;
  const shown = rescoring !== null || open.has("score") || (table.next && table.next.situation === "score")
    || keeperScoring();
  $("score").hidden = !shown;
  $("rescore-why").hidden = rescoring === null;
  $("score-title").textContent = rescoring === null ? strings.score_title
    : page.format(strings.fix_round, {round: rescoring.round});
  if (!shown) return;
  const winner = rescoring !== null ? rescoring.winner : roundWinner();
  const ways = scoreWays();
  if (!ways.includes(scoreMode)) scoreMode = ways[0];
  for (const button of document.querySelectorAll("[data-score-mode]")) {
    button.setAttribute("aria-pressed", button.dataset.scoreMode === scoreMode ? "true" : "false");
    button.hidden = !ways.includes(button.dataset.scoreMode) || ways.length === 1;
  }
  $("score-points").hidden = scoreMode !== "points";
  $("score-hands").hidden = scoreMode !== "hands";
  const holder = $("score-points");
  // a round (or the round scored again), its winner, the table's seq
  const scoring = `${rescoring !== null ? `again-${rescoring.round}` : state.round}:${winner}:${table.seq}`;
  if (holder.dataset.round !== scoring || holder.children.length !== state.players.length) {
    holder.dataset.round = scoring;
    holder.replaceChildren(...state.players.map((name, seat) => {
      const input = page.element("input", {
        id: `points-${seat}`, type: "number", inputmode: "numeric", min: 0, max: 9999, step: 1,
        value: seat === winner ? 0 : "", "data-seat": seat});
      input.disabled = seat === winner;
      return page.element("div", {class: "field score-field"},
        page.element("label", {for: `points-${seat}`, translate: "no", lang: ""}, name), input);
    }));
    scoreHands = {};
    scoreSeat = null;
  }
  const others = state.players.map((_, seat) => seat).filter((seat) => seat !== winner);
  if (scoreSeat === null || !others.includes(scoreSeat)) scoreSeat = others[0];
  $("score-seats").replaceChildren(...others.map((seat) => {
    const button = page.element("button", {
      type: "button", class: "tab", "data-score-seat": seat,
      "aria-pressed": seat === scoreSeat ? "true" : "false"},
      page.element("span", {translate: "no", lang: ""}, state.players[seat]),
      keeping() || rescoring !== null ? ` (${(scoreHands[seat] || []).length})`
        : ` (${(scoreHands[seat] || []).length}/${(state.hand_counts || [])[seat]})`);
    button.addEventListener("click", () => { scoreSeat = seat; renderScore(open); });
    return button;
  }));
  if (scoreMode === "hands" && scoreSeat !== undefined) {
    $("score-hand-line").replaceChildren(page.format(strings.hand_of, {player: state.players[scoreSeat]}),
      " ", ...(scoreHands[scoreSeat] || []).map((card, index) => {
        const chip = page.element("button", {type: "button", class: `card-chip card card-${colorOf(card)}`}, nameOf(card));
        chip.addEventListener("click", () => { scoreHands[scoreSeat].splice(index, 1); renderScore(open); });
        return chip;
      }));
    renderPicker(document.querySelector('[data-picker="score"]'), (card) => {
      (scoreHands[scoreSeat] = scoreHands[scoreSeat] || []).push(card);
      renderScore(open);
    }, () => false, face(sideUp()));
  }
}

function scoreMove() {
  const {state} = table;
  if (rescoring !== null) return rescoreMove();
  const winner = roundWinner();
  // A score keeper's round ended where the referee did not see it: the score says who went out.
  const told = keeperScoring() ? {winner} : {};
  if (scoreMode === "points") {
    const points = state.players.map((_, seat) => {
      const value = document.getElementById(`points-${seat}`).value.trim();
      return seat === winner ? 0 : (value === "" ? 0 : Number(value));
    });
    return {type: "score", points, ...told};
  }
  return {type: "score", hands: state.players.map((_, seat) =>
    seat === winner ? [] : (scoreHands[seat] || [])), ...told};
}

// The past round's score given again: its hands or its points, with the reason.
function rescoreMove() {
  const {winner, round} = rescoring;
  const reason = $("rescore-reason").value.trim();
  const move = {type: "rescore", round, reason};
  if (scoreMode === "points") {
    move.points = table.state.players.map((_, seat) => {
      const value = document.getElementById(`points-${seat}`).value.trim();
      return seat === winner || value === "" ? 0 : Number(value);
    });
  } else {
    move.hands = table.state.players.map((_, seat) => (seat === winner ? [] : (scoreHands[seat] || [])));
  }
  if (isSeatPhone()) move.player = table.seat;
  return move;
}

function openRescore(round) {
  const again = rescoring !== null && rescoring.round === round.round;
  rescoring = again ? null : {round: round.round, winner: round.winner};
  scoreHands = {};
  $("rescore-reason").value = "";
  renderTable();
  if (rescoring !== null) $("score").scrollIntoView({block: "nearest"});
}

function renderDeal(open) {
  const shown = open.has("deal") || (table.next && table.next.situation === "deal");
  $("deal").hidden = !shown;
  const over = table.state.phase === "game-over";
  if (over) {
    const winner = Number.isInteger(table.state.winner) ? table.state.winner
      : (table.state.scores || []).indexOf(Math.max(...(table.state.scores || [0])));
    // The server's "the game is over: Bina has won", said with the winner's points.
    $("next").textContent = page.format(strings.game_won, {
      player: table.state.players[winner], points: (table.state.scores || [])[winner] || 0});
  }
  if (!shown) return;
  const select = $("deal-dealer");
  const players = table.state.players;
  if (select.dataset.round !== String(table.state.round)) {
    select.dataset.round = table.state.round;
    select.replaceChildren(...players.map((name, seat) =>
      page.element("option", {value: seat, translate: "no", lang: ""}, name)));
    select.value = String(((table.state.dealer || 0) + 1) % players.length);
    firsts.deal = {cards: [], color: null};
  }
  renderFirst("deal");
}

// A score keeper's score names the seq it saw: a phone that did not hear the last round
// scored and the next dealt would otherwise score the new round (409: it looks again).
// A past round scored again names the seq it saw too, and needs its reason.
$("score-send").addEventListener("click", async () => {
  if (rescoring !== null) {
    if (!$("rescore-reason").value.trim()) {
      $("rescore-reason").focus();
      return;
    }
    const move = scoreMove();
    rescoring = null;
    await record(move, table.seq);
    $("rescore-reason").value = "";
    renderTable();
    return;
  }
  record(scoreMove(), keeperScoring() ? table.seq : undefined);
});
for (const button of document.querySelectorAll("[data-score-mode]")) {
  button.addEventListener("click", () => {
    scoreMode = button.dataset.scoreMode;
    renderScore(new Set((table.next && table.next.moves) || []));
  });
}
$("deal-send").addEventListener("click", () => {
  const move = {type: "deal", first_card: firstCards("deal"), dealer: Number($("deal-dealer").value)};
  if (firsts.deal.color) move.color = firsts.deal.color;
  record(move);
});

// --- the network ----------------------------------------------------------------------

const sleep = page.sleep;

function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const retryAfter = page.retryAfter;

// POSTs a move. A dropped network, a timeout, a 5xx or a 429 keeps it queued: it is
// sent again with the same key (after Retry-After when the answer gives one) until the
// table answers, for as long as this phone stays at this table.
async function sendOne(entry, generation) {
  const key = entry.key;
  for (let attempt = 0; ; attempt++) {
    if (generation !== polling) return {status: 0, body: {detail: strings.retrying}};
    const body = tableOutbox.body(table.id, entry);
    const answer = await page.call(`/v1/tables/${table.id}/moves`, {
      method: "POST", body: JSON.stringify(body), timeout: CALL_TIMEOUT,
      headers: {"Content-Type": "application/json", "Idempotency-Key": key,
                "Authorization": `Bearer ${table.secret}`}});
    const passing = answer.status === 0 || answer.status === 429 || answer.status >= 502;
    // A 500 is the server failing on this move, not the network: after three tries the
    // page says so instead of holding every later move behind it.
    if (!passing && !(answer.status === 500 && attempt < 2)) {
      if (linkState !== "online") setLink("online");
      return answer;
    }
    setLink(answer.status === 0 ? "offline" : "reconnecting");
    network(strings.retrying);
    await tableOutbox.until(retryAfter(answer) ?? Math.min(500 * 2 ** attempt, MAX_BACKOFF));
  }
}

// A move tapped: kept in the outbox (offline.js) until the table answers it; tapped
// offline, it carries the seq it was made at.
function sendMove(move, expectSeq) {
  const offline = expectSeq === undefined && tableOutbox.offline();
  const entry = tableOutbox.add(table.id, {key: newKey(), move, offline,
                                           expect: offline ? table.seq : expectSeq});
  if (offline) renderHistory();
  return deliver(entry);
}

function deliver(entry) {
  const generation = polling;
  waiting += 1;
  renderLink();
  const answer = sending.then(() => sendOne(entry, generation)).then((sent) => {
    if (generation === polling) {
      tableOutbox.answered(table.id, entry, sent.status === 200);
      renderHistory();
    }
    return {...sent, entry};
  });
  sending = answer.catch(() => null).then(() => {
    waiting -= 1;
    renderLink();
  });
  return answer;
}

function network(text) {
  $("network").title = text || "";
}

// The cards tapped go with the move the moment it is sent: a tap made while it is on its
// way (the stream may tell of the move before its own answer arrives) starts the next
// move instead of being wiped by that answer. A refused move gets its taps back.
async function record(move, expectSeq) {
  const taps = {chosen, unoCalled, wildColor, turnedUp};
  chosen = [];
  unoCalled = false;
  renderChosen();
  const answer = await sendMove(move, expectSeq);
  if (answer.status !== 200 && !chosen.length && !unoCalled) {
    ({chosen, unoCalled, wildColor, turnedUp} = taps);
    renderChosen();
  }
  settle(answer);
}

async function settle({status, body, entry}) {
  if (status === 409 && entry && entry.offline) {
    noteHistory({message: strings.offline_refused, legal: false});
    renderHistory();
    tableSpeech.heard({message: strings.offline_refused});
  }
  if (status === 409 && entry && entry.offline) say({message: strings.offline_refused, legal: false});
  else if (status === 200) {
    apply(body, body.seq);
  } else {
    refuse(status, body);
  }
  if (status === 409) await refresh();
}

// The table as it is now, read again (after a 409, or a tap on "behind").
async function refresh() {
  const {status, body} = await page.call(`/v1/tables/${table.id}`);
  if (status !== 200) return;
  heard = Date.now();
  table.lastMove = body.last_move || null;
  table.lastMoveAt = body.seq;
  if (body.seq > table.seq) {
    table.seq = body.seq;
    table.state = body.state;
    table.next = body.next;
    say(null, body.next);
    renderTable();
  }
}

// What Undo would take back: the last move that stands, read after each move heard.
async function refreshLastMove() {
  const seq = table.seq;
  const {status, body} = await page.call(`/v1/tables/${table.id}`);
  if (status === 200 && table && body.seq === seq && table.seq === seq) {
    table.lastMove = body.last_move || null;
    table.lastMoveAt = seq;
  }
}

function behind(seq) {
  behindSince = seq;
  $("behind").hidden = seq === null;
}

// One stream hears every move as it is recorded; the browser reconnects it by itself
// (sending the last seq heard as Last-Event-ID). An answer that is not a stream
// closes it for good: then the phone long-polls instead.
function follow(generation) {
  stopStream();
  heard = Date.now();
  if (typeof EventSource !== "function") return poll(generation);
  const url = new URL(`/v1/tables/${table.id}/events`, window.location.origin);
  url.searchParams.set("after", table.seq);
  url.searchParams.set("lang", page.lang);  // EventSource sends no headers of ours
  const stream = new EventSource(url);
  source = stream;
  stream.onopen = () => {
    heard = Date.now();
    setLink("online");
  };
  stream.onmessage = (message) => {
    if (generation !== polling) return stopStream();
    heard = Date.now();
    const event = JSON.parse(message.data);
    if (event.seq > table.seq) apply(event.verdict, event.seq);
  };
  stream.onerror = () => {
    if (generation !== polling) return stopStream();
    if (stream.readyState === EventSource.CLOSED) {
      stopStream();
      poll(generation);
    } else {
      setLink("reconnecting");
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
    const answer = await page.call(url, {timeout: (WAIT_SECONDS + 8) * 1000});
    const {status, body} = answer;
    if (generation !== polling) return;
    if (status === 200) {
      heard = Date.now();
      setLink("online");
      for (const event of body.events || []) {
        if (event.seq > table.seq) apply(event.verdict, event.seq);
      }
      if (!(body.events || []).length && !body.next) await sleep(retryAfter(answer) ?? 200);
    } else {
      setLink(status === 0 ? "offline" : "reconnecting");
      await sleep(retryAfter(answer) ?? 2000);
    }
  }
}

// The stream's heartbeats (comments) never reach the page, so the page keeps a deadline
// of its own: when nothing was heard for a while it asks the table directly. A table
// that has moves this phone never heard, or no answer at all for ~10 s, means the
// connection is dead or stuck: the page says it is behind and reconnects.
async function watch(generation) {
  while (generation === polling) {
    await sleep(2000);
    if (generation !== polling || !table || probing) continue;
    const quiet = Date.now() - heard;
    if (quiet < QUIET_PROBE) continue;
    probing = true;
    const {status, body} = await page.call(`/v1/tables/${table.id}`, {timeout: CALL_TIMEOUT});
    probing = false;
    if (generation !== polling) return;
    if (status === 200) {
      if (body.seq > table.seq) {
        behind(body.seq);
        setLink("reconnecting");
        if (source) follow(generation);  // a stuck stream: a new one
      } else {
        heard = Date.now();
        if (linkState !== "online" && source && source.readyState === EventSource.OPEN) setLink("online");
      }
    } else {
      setLink("offline");
      if (Date.now() - heard > BEHIND_AFTER) {
        behind(table.seq + 1);
        if (source) follow(generation);
      }
    }
  }
}

$("behind").addEventListener("click", async () => {
  const entry = remembered()[table.id];
  behind(null);
  if (entry) await show(entry);
});

// A phone at a table keeps its screen on where the browser allows it (the lock is
// dropped when the page is hidden, so it is asked for again when it shows).
let wakeLock = null;

async function keepAwake() {
  if (!navigator.wakeLock || wakeLock || document.visibilityState !== "visible") return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    wakeLock.addEventListener("release", () => { wakeLock = null; });
  } catch {
    wakeLock = null;  // refused (battery saver, no user gesture): the page works without it
  }
}

document.addEventListener("visibilitychange", () => { if (table) keepAwake(); });
tableSpeech.attach($("speak-toggle"), $("speak-again"));
window.addEventListener("offline", () => { if (table) setLink("offline"); });
window.addEventListener("online", () => { if (table) setLink("reconnecting"); });

// --- opening, joining, resuming ------------------------------------------------------

async function show(entry) {
  const {status, body} = await page.call(`/v1/tables/${entry.id}`);
  if (status !== 200) {
    if (status === 404) forget(entry.id);
    return refuse(status, body);
  }
  await loadNames(body.ruleset.id);
  table = {...entry, name: body.name, ruleset: body.ruleset.id, rulesetVersion: body.ruleset.version,
           seq: body.seq, state: body.state, next: body.next, lastMove: body.last_move || null,
           lastMoveAt: body.seq};
  await settleMode(entry);
  chosen = [];
  history = [];
  $("start").hidden = true;
  $("who").hidden = true;
  $("play").hidden = false;
  document.body.classList.add("playing");
  const url = new URL(window.location.href);
  url.searchParams.delete("code");
  url.searchParams.delete("join");
  url.searchParams.delete("mode");
  url.searchParams.set("t", entry.id);
  window.history.replaceState(null, "", url);
  say(null, body.next);
  renderTable();
  window.scrollTo(0, 0);
  keepAwake();
  setLink("online");
  recentMoves(entry.id, body.seq);
  polling += 1;
  follow(polling);
  watch(polling);
  for (const waitingMove of tableOutbox.pending(entry.id)) deliver(waitingMove).then(settle);
}

$("players").addEventListener("input", renderDealerChoice);

$("open").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const players = form.get("players").split(",").map((name) => name.trim()).filter(Boolean);
  const request = {ruleset: form.get("ruleset"), players,
                   dealer: Number(form.get("dealer") || 0), first_card: firstCards("first")};
  if (firsts.first.color) request.color = firsts.first.color;
  const name = form.get("name").trim();
  if (name) request.name = name;
  const {status, body} = await page.call("/v1/tables", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify(request)});
  if (status !== 201) return refuse(status, body);
  // The opener's secret records for anyone: the table's phone, unless the opener is a player.
  const entry = await bindOpener({id: body.id, secret: body.secret, joinCode: body.join_code, seat: "table",
                                  mode: form.get("mode") || "scores", modeChosen: true}, form.get("seat"));
  remember(entry);
  await show(entry);
  say(body.verdict, body.verdict.next);
  noteHistory(body.verdict);
  renderHistory();
});

// Joining says whose phone this is. Without a seat the table answers with its players'
// names, and the page asks "which one are you?".
async function join(code, seat) {
  const request = {code};
  if (seat !== undefined) request.seat = seat;
  const {status, body} = await page.call("/v1/tables/join", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify(request)});
  const needsSeat = status === 422 && Array.isArray(body.players)
    && (body.errors || []).some((error) => error.code === "seat-required");
  if (needsSeat) return askWho(code, body.players);
  if (status !== 200) return refuse(status, body);
  const entry = {id: body.id, secret: body.secret, joinCode: code.toUpperCase(), seat: body.seat};
  remember(entry);
  await show(entry);
}

function askWho(code, players) {
  $("who").hidden = false;
  $("who-seats").replaceChildren(...players.map((name, seat) => {
    const button = page.element("button", {type: "button", class: "big", "data-seat": seat,
                                           translate: "no", lang: ""}, name);
    button.addEventListener("click", () => join(code, seat));
    return button;
  }));
  $("who-table").onclick = () => join(code, "table");
  $("who").scrollIntoView();
}

$("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  await join(new FormData(event.target).get("code").trim());
});

$("ruleset").addEventListener("change", async (event) => {
  await loadNames(event.target.value);
  firsts.first = {cards: [], color: null};
  renderFirst("first");
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
  window.history.replaceState(null, "", url);
  document.body.classList.remove("playing");
  $("play").hidden = true;
  $("status").hidden = true;
  $("start").hidden = false;
});

// --- Undo: it names the move first, and only that move is taken back --------------------

function closeUndo() {
  undoOffer = null;
  $("undo-confirm").hidden = true;
}

$("undo-yes").addEventListener("click", async () => {
  if (!undoOffer) return;
  const {takesBack, seq} = undoOffer;
  closeUndo();
  const move = {type: "correct", takes_back: takesBack};
  if (isSeatPhone()) move.player = table.seat;
  await record(move, seq);
});
$("undo-no").addEventListener("click", closeUndo);

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
    // Said while choosing the card (before or after tapping it): sent with the play.
    // Only a player already down to the card left calls UNO on its own.
    const seat = actingSeat();
    const count = (table.state.hand_counts || [])[seat];
    const open = new Set((table.next && table.next.moves) || []);
    const choosing = chosen.length
      || (open.has("play") && table.next.player === seat && count > 1);
    if (choosing) {
      unoCalled = !unoCalled;
      renderChosen();
      return null;
    }
    return {type: "call-uno", player: seat};
  },
  "catch-uno"() {
    const catchable = (table.next && table.next.catchable) || [];
    const mine = isSeatPhone() ? table.seat : null;
    const wanted = actor !== null ? actor : null;
    const target = wanted !== null && catchable.includes(wanted) ? wanted
      : catchable.find((seat) => seat !== mine);
    if (target === undefined) {
      say({message: strings.nobody, legal: false});
      return null;
    }
    if (mine !== null) return {type: "catch-uno", player: mine, target};
    const catcher = table.next && Number.isInteger(table.next.player) ? table.next.player : 0;
    return {type: "catch-uno", player: catcher === target ? (target + 1) % table.state.players.length : catcher,
            target};
  },
  challenge() {
    const next = table.next || {};
    const player = Number.isInteger(next.player) ? next.player : actingSeat();
    const move = {type: "challenge", player};
    if (chosen.length) move.hand = chosen;
    return move;
  },
  accept: () => ({type: "accept", player: actingSeat()}),
  async undo() {
    // The read after the last move heard may still be on its way (or lost): Undo
    // names the move it takes back, so it asks for it first.
    if (table.lastMoveAt !== table.seq) await refresh();
    if (!table.lastMove) {
      say({message: strings.nothing_to_undo, legal: false});
      return null;
    }
    undoOffer = {takesBack: table.lastMove.seq, seq: table.lastMoveAt};
    $("undo-question").textContent = page.format(strings.take_back, {
      move: table.lastMove.message.replace(/[.।]\s*$/u, "")});
    $("undo-confirm").hidden = false;
    $("status").hidden = false;
    return null;
  },
};

for (const button of document.querySelectorAll("[data-move]")) {
  button.addEventListener("click", async () => {
    const move = await moves[button.dataset.move]();
    if (move) await record(move);
  });
}

// --- Judge this: a dispute settled from what the table shows, nothing recorded ---------

// The table this judging is about: two players, Asha's turn (seat 0) on the top card
// and colour given; her hand is counted from the cards she shows when she shows them.
const judging = {top: null, color: null, card: null, named: null, shown: []};

function judgeRuleset() {
  return table ? table.ruleset : $("ruleset").value;
}

function renderJudge() {
  const names = face(sideUp());
  const pick = (which, onTap, isPressed, start) => renderPicker(
    document.querySelector(`[data-picker="${which}"]`), onTap, isPressed, names, start);
  pick("judge-top", (card) => {
    judging.top = card;
    judging.color = colorOf(card) === "wild" ? null : colorOf(card);
    renderJudge();
  }, (card) => card === judging.top, judging.color);
  const colorButtons = (holder, current, onTap) => holder.replaceChildren(...names.colors.map((color) => {
    const button = page.element("button", {
      type: "button", class: `tab card-${color.id}`, "data-color": color.id,
      "aria-pressed": color.id === current ? "true" : "false"}, color.name);
    button.addEventListener("click", () => onTap(color.id));
    return button;
  }));
  colorButtons($("judge-color"), judging.color, (color) => { judging.color = color; renderJudge(); });
  pick("judge-card", (card) => { judging.card = card; renderJudge(); },
    (card) => card === judging.card, judging.color);
  const wild = judging.card && colorOf(judging.card) === "wild";
  $("judge-named-box").hidden = !wild;
  if (!wild) judging.named = null;
  colorButtons($("judge-named"), judging.named, (color) => { judging.named = color; renderJudge(); });
  pick("judge-hand", (card) => { judging.shown.push(card); renderJudge(); }, () => false, judging.color);
  $("judge-shown").replaceChildren(...judging.shown.map((card) =>
    page.element("span", {class: `card-chip card-${colorOf(card)}`}, nameOf(card))));
  const challenging = judging.card && judging.card.includes("draw-four") && judging.shown.length > 0;
  $("judge-challenge").hidden = !challenging;
}

// At a table, the player whose turn it is and the next one are named; elsewhere the
// table's own example names.
function judgePlayers() {
  if (!table || !table.state) return ["Asha", "Bina"];
  const {players, current} = table.state;
  return [players[current], players[(current + 1) % players.length]];
}

function judgeState() {
  const count = judging.shown.length ? judging.shown.length + 1 : 7;
  return {players: judgePlayers(), dealer: 1, current: 0, direction: "clockwise",
          top: judging.top, color: judging.color, hand_counts: [count, 7], phase: "play"};
}

function showJudged(verdicts) {
  $("judge-answer").hidden = false;
  const last = verdicts[verdicts.length - 1];
  if (last.status !== 200) {
    $("judge-verdict").textContent = problemText(last.status, last.body);
    $("judge-verdict").className = "verdict-line bad";
    $("judge-rule").replaceChildren();
    $("judge-next").textContent = "";
    return;
  }
  const body = last.body;
  $("judge-verdict").textContent = verdicts.map((verdict) => verdict.body.message).join(" ");
  $("judge-verdict").className = `verdict-line ${body.legal === false ? "bad" : "good"}`;
  const [before, after] = strings.judge_rule.split("{rule}");
  const book = new URL("/", window.location.origin);
  book.searchParams.set("ruleset", judgeRuleset());
  book.searchParams.set("lang", page.lang);
  $("judge-rule").replaceChildren(before || "", page.element("a", {href: book.href, lang: "en", translate: "no"},
    page.element("code", {lang: "en"}, body.rule || "")), after || "");
  $("judge-next").textContent = body.next && body.next.message
    ? page.format(strings.judge_next, {next: body.next.message}) : "";
  $("judge-answer").scrollIntoView({block: "nearest"});
}

async function check(state, move, hand) {
  const request = {state, move};
  if (hand) request.hand = hand;
  return page.call(`/v1/rulesets/${encodeURIComponent(judgeRuleset())}/check`, {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(request)});
}

function judgedPlay() {
  const move = {type: "play", player: 0, cards: [judging.card]};
  if (judging.named) move.color = judging.named;
  return move;
}

$("judge-play").addEventListener("click", async () => {
  if (!judging.card) return;
  const hand = judging.shown.length ? [judging.card, ...judging.shown] : null;
  showJudged([await check(judgeState(), judgedPlay(), hand)]);
});

// A Wild Draw Four challenged: the play as it was made (whatever the hand), then Bina's
// challenge with the hand Asha shows (after the Wild Draw Four left it).
$("judge-challenge").addEventListener("click", async () => {
  const played = await check(judgeState(), judgedPlay());
  if (played.status !== 200 || !played.body.state) return showJudged([played]);
  const challenge = await check(played.body.state, {type: "challenge", player: 1, hand: judging.shown});
  showJudged([challenge]);
});

$("judge-clear").addEventListener("click", () => { judging.shown = []; renderJudge(); });

$("judge-open").addEventListener("click", () => {
  $("judge").hidden = !$("judge").hidden;
  if ($("judge").hidden) return;
  if (table && table.state) {
    judging.top = table.state.top;
    judging.color = table.state.color;
  }
  if (!judging.top) {
    judging.top = Object.keys(face(null).cards)[0];
    judging.color = colorOf(judging.top);
  }
  renderJudge();
  $("judge").scrollIntoView();
});

// --- the score keeper: a table that records each round's score, not its moves ----------
//
// The API has no field for how a table is kept, so each phone keeps its own choice with
// the table's entry (localStorage): the opener chooses, the share link carries it, and a
// phone that joined by the code alone keeps the scores until the log shows a recorded
// play or draw (a table that tracks its moves). A round is scored with `winner` (who
// went out) and the points or the cards left; the next round is dealt as usual.

const TRACKED_MOVES = new Set(["play", "draw", "pass", "call-uno", "catch-uno", "accept", "challenge"]);
const keeperLog = {id: null, seq: 0, events: []};  // the table's log, as far as read
let keeperWinner = null;   // the seat tapped as the one who went out this round
let keeperSeq = null;      // the table's seq when keeperWinner was tapped
let sheetSync = Promise.resolve();

const keeping = () => Boolean(table) && table.mode === "scores";
const playingPhase = () => ["play", "respond"].includes(table.state.phase);

// The seat that went out: the referee's, else (keeping scores) the one tapped.
function roundWinner() {
  if (Number.isInteger(table.state.winner)) return table.state.winner;
  return keeping() && keeperSeq === table.seq ? keeperWinner : null;
}

function keeperScoring() {
  return keeping() && playingPhase() && roundWinner() !== null;
}

// The ways a round may be scored here: cards left can be tapped only on a one-sided
// deck (a score keeper never told the referee which side was up), and a ruleset that
// puts out the player holding the most cards needs the cards themselves.
function scoreWays() {
  const elimination = Boolean(rules && rules.house && rules.house.elimination);
  if (elimination) return ["hands"];
  if (keeping() && deck.sides) return ["points"];
  return ["points", "hands"];
}

function modeFromLink() {
  const wanted = new URLSearchParams(window.location.search).get("mode");
  return ["scores", "track"].includes(wanted) ? wanted : null;
}

// How this phone keeps the table it shows: its own choice, the link's, else the log's.
async function settleMode(entry) {
  if (!entry.mode && modeFromLink()) Object.assign(entry, {mode: modeFromLink(), modeChosen: true});
  if (!entry.mode) {
    sheetSync = sheetSync.then(() => readLog(1)).catch(() => null);  // a play shows early
    await sheetSync;
    entry.mode = trackedInLog() ? "track" : "scores";
  }
  table.mode = entry.mode;
  table.modeChosen = Boolean(entry.modeChosen);
  remember(entry);
}

function trackedInLog() {
  return keeperLog.events.some((event) => event.move && TRACKED_MOVES.has(event.move.type));
}

// Reads the log's entries not read yet, `pages` pages of 500 at most.
async function readLog(pages = Infinity) {
  const id = table.id;
  if (keeperLog.id !== id) Object.assign(keeperLog, {id, seq: 0, events: []});
  for (let read = 0; read < pages && table && table.id === id && keeperLog.seq < table.seq; read++) {
    const {status, body} = await page.call(`/v1/tables/${id}/events?after=${keeperLog.seq}&limit=500`);
    if (status !== 200 || keeperLog.id !== id) return;
    const events = body.events || [];
    for (const event of events) {
      if (event.seq <= keeperLog.seq) continue;
      keeperLog.events.push(event);
      keeperLog.seq = event.seq;
    }
    if (!events.length) return;
  }
}

// The entries that stand: legal ones, less what the corrections took back.
function standingEntries() {
  const standing = [];
  for (const event of keeperLog.events) {
    const verdict = event.verdict || {};
    if (verdict.legal === false || !event.move) continue;
    if (event.move.type === "correct") {
      const gone = new Set(((verdict.effects || [])[0] || {}).taken_back || []);
      for (let index = standing.length - 1; index >= 0; index--) {
        if (gone.has(standing[index].seq)) standing.splice(index, 1);
      }
      continue;
    }
    standing.push(event);
  }
  return standing;
}

// Each scored round: its number, who went out, what each seat scored in it (the totals'
// growth, so every scoring method reads the same), the seqs of its score and of the deal
// after it, and whether anything was recorded after that deal.
function scoredRounds() {
  let before = table.state.players.map(() => 0);
  const rounds = [];
  for (const event of standingEntries()) {
    const state = event.verdict.state;
    const last = rounds[rounds.length - 1];
    if (!state) continue;
    if (event.move.type === "score") {
      const scores = state.scores || before;
      rounds.push({round: state.round, seq: event.seq, winner: state.winner, deal: null, later: false,
                   points: scores.map((total, seat) => total - (before[seat] || 0))});
      before = scores;
    } else if (event.move.type === "deal" && last && last.deal === null) {
      last.deal = event.seq;
      before = state.scores || before;
    } else if (last) {
      last.later = true;
    }
  }
  return rounds;
}

// The corrections that take a round's score back, in order, while the API still can:
// the score itself before the next deal; after a deal with nothing recorded since, the
// deal first (back to the scored end of the round), then the score. An earlier round
// is final once the next one is played or scored (docs/api.md, Corrections).
function scoreTakeBacks(round) {
  if (!round) return [];
  if (table.state.round === round.round && !round.later) return [round.seq];
  if (table.state.round === round.round + 1 && round.deal !== null && !round.later) return [round.deal, round.seq];
  return [];
}

function sheetCell(tag, text, attributes = {}) {
  return page.element(tag, attributes, text);
}

// "Correct this round": the round's score given again (a rescore), whatever came after it.
function rescoreButton(round) {
  const label = page.format(strings.fix_round, {round: round.round});
  const open = rescoring !== null && rescoring.round === round.round;
  const button = page.element("button", {
    type: "button", class: "quiet rescore-open", "data-rescore": round.round, title: label,
    "aria-label": label, "aria-expanded": open ? "true" : "false"}, "✎");
  button.addEventListener("click", () => openRescore(round));
  return button;
}

// The sheet's rounds: the state's score sheet (rescores included) where it has one.
function sheetRounds(rounds) {
  const sheet = table.state.rounds;
  if (!Array.isArray(sheet) || !sheet.length) return rounds;
  return sheet.map((round) => ({round: round.round, winner: round.winner, points: round.points}));
}

function renderSheet(rounds) {
  rounds = sheetRounds(rounds);
  const {players, scores} = table.state;
  const over = table.state.phase === "game-over";
  const best = over ? Math.max(...(scores || [0])) : null;
  const headRow = $("sheet").tHead.rows[0];
  headRow.replaceChildren(headRow.cells[0], ...players.map((name, seat) =>
    sheetCell("th", name, {scope: "col", translate: "no", lang: ""})));
  $("sheet").tBodies[0].replaceChildren(...rounds.map((round) => page.element("tr", {"data-round": round.round},
    page.element("th", {scope: "row"}, String(round.round), " ", rescoreButton(round)),
    ...round.points.map((points, seat) => {
      const out = seat === round.winner;
      return page.element("td", {class: out ? "out" : ""}, String(points),
        ...(out ? [" ", page.element("small", {}, strings.went_out)] : []));
    }))));
  const footRow = $("sheet").tFoot.rows[0];
  footRow.replaceChildren(footRow.cells[0], ...players.map((_, seat) =>
    sheetCell("td", String((scores || [])[seat] || 0), {
      class: over && scores[seat] === best ? "winner" : "", "data-total": seat})));
  const target = rules && rules.scoring && rules.scoring.target;
  const caption = $("sheet").caption || $("sheet").createCaption();
  caption.textContent = target ? page.format(strings.target_line, {target}) : "";
}

function renderKeeperOut() {
  const shown = keeping() && playingPhase() && $("fix-form").hidden && rescoring === null;  // one question at a time
  $("keeper-out").hidden = !shown;
  if (!shown) return;
  $("keeper-out-title").textContent = page.format(strings.keeper_out, {round: table.state.round});
  const winner = roundWinner();
  $("keeper-winners").replaceChildren(...table.state.players.map((name, seat) => {
    const button = page.element("button", {
      type: "button", class: "tab", "data-out": seat, translate: "no", lang: "",
      "aria-pressed": seat === winner ? "true" : "false"}, name);
    button.disabled = (table.state.out || []).includes(seat);
    button.addEventListener("click", () => {
      keeperWinner = seat;
      keeperSeq = table.seq;
      renderTable();
      $("score").scrollIntoView({block: "nearest"});
    });
    return button;
  }));
}

function renderFix(rounds) {
  const last = rounds[rounds.length - 1];
  const takeBacks = scoreTakeBacks(last);
  $("fix").hidden = !takeBacks.length;
  if (!takeBacks.length) {
    $("fix-form").hidden = true;
    return;
  }
  $("fix-open").textContent = page.format(strings.fix_round, {round: last.round});
  $("fix-open").setAttribute("aria-expanded", $("fix-form").hidden ? "false" : "true");
  $("fix-send").onclick = () => takeBackScore(takeBacks);
}

async function takeBackScore(takeBacks) {
  const reason = $("fix-reason").value.trim();
  if (!reason) {
    $("fix-reason").focus();
    return;
  }
  $("fix-form").hidden = true;
  for (const seq of takeBacks) {
    const move = {type: "correct", takes_back: seq, reason};
    if (isSeatPhone()) move.player = table.seat;
    const {status, body} = await sendMove(move, table.seq);
    if (status !== 200 || body.legal === false) return status === 200 ? apply(body, body.seq) : refuse(status, body);
    apply(body, body.seq);
  }
  $("fix-reason").value = "";
}

$("fix-open").addEventListener("click", () => {
  $("fix-form").hidden = !$("fix-form").hidden;
  $("fix-open").setAttribute("aria-expanded", $("fix-form").hidden ? "false" : "true");
  renderKeeperOut();
  if (!$("fix-form").hidden) $("fix-reason").focus();
});

// The sheet follows the log: read what is new, then draw it (one read at a time).
function syncSheet() {
  if (!keeping()) return;  // a tracking phone follows the moves, not the log
  sheetSync = sheetSync.then(async () => {
    if (!table || !keeping()) return;
    await readLog();
    if (!table || keeperLog.id !== table.id) return;
    if (keeping() && !table.modeChosen && trackedInLog()) return switchMode("track", false);
    const rounds = scoredRounds();
    renderSheet(rounds);
    renderFix(rounds);
  }).catch(() => null);
}

function switchMode(mode, chosenHere) {
  table.mode = mode;
  table.modeChosen = table.modeChosen || chosenHere;
  const entry = remembered()[table.id];
  if (entry) remember({...entry, mode, modeChosen: table.modeChosen});
  renderTable();
}

$("mode-switch").addEventListener("click", () => switchMode(keeping() ? "track" : "scores", true));

// The link another phone opens to join (and the QR code of it): it carries the code,
// how this table is kept and the page's language.
function shareLink() {
  const link = new URL("/table", window.location.origin);
  link.searchParams.set("join", table.joinCode);
  link.searchParams.set("mode", table.mode);
  link.searchParams.set("lang", page.lang);
  return link.href;
}

// The QR code drawn on the canvas, module by module, with the quiet zone of four
// modules a camera needs around it.
function drawQr(text) {
  const code = qrcode(0, "M");
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  const canvas = $("qr");
  const cell = Math.floor(canvas.width / (count + 8));
  const offset = Math.floor((canvas.width - cell * count) / 2);
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#000";
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (code.isDark(row, column)) context.fillRect(offset + column * cell, offset + row * cell, cell, cell);
    }
  }
  canvas.dataset.link = text;
}

function renderShare() {
  $("qr-line").hidden = !table.joinCode;
  if (!table.joinCode) {
    $("qr").hidden = true;
    return;
  }
  const link = shareLink();
  $("share-link").href = link;
  $("share-link").textContent = link;
  if (!$("qr").hidden && $("qr").dataset.link !== link) drawQr(link);
}

$("qr-toggle").addEventListener("click", () => {
  $("qr").hidden = !$("qr").hidden;
  $("qr-toggle").setAttribute("aria-expanded", $("qr").hidden ? "false" : "true");
  if (!$("qr").hidden) {
    drawQr(shareLink());
    $("qr").scrollIntoView({block: "nearest"});
  }
});

// The rule book of the table's own rules: the ruleset at the version it was opened with.
function renderRulesLink() {
  const book = new URL("/", window.location.origin);
  book.searchParams.set("ruleset", table.ruleset);
  if (table.rulesetVersion) book.searchParams.set("version", table.rulesetVersion);
  book.searchParams.set("lang", page.lang);
  $("rules-link").href = book.href;
}

function renderKeeper() {
  document.body.classList.toggle("keeping", keeping());
  document.body.classList.toggle("keeping-play", keeping() && playingPhase());
  $("keeper").hidden = !keeping();
  $("mode-switch").textContent = keeping() ? strings.mode_track : strings.mode_scores;
  renderKeeperOut();
  renderShare();
  renderRulesLink();
  syncSheet();
}

// The opener's own phone: a player's (it joins with the code, for that seat) or the
// table's (it keeps the table's secret, which records for anyone).
async function bindOpener(entry, seat) {
  if (seat === "table" || seat === null || seat === "") return entry;
  const {status, body} = await page.call("/v1/tables/join", {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({code: entry.joinCode, seat: Number(seat)})});
  if (status !== 200) {
    refuse(status, body);
    return entry;
  }
  return {...entry, secret: body.secret, seat: body.seat};
}

function renderOpenerSeats() {
  const names = $("players").value.split(",").map((name) => name.trim()).filter(Boolean);
  const select = $("opener-seat");
  const kept = select.value;
  select.replaceChildren(select.options[0], ...names.map((name, seat) =>
    page.element("option", {value: seat, translate: "no", lang: ""}, name)));
  if (kept !== "table" && Number(kept) < names.length) select.value = kept;
}

$("players").addEventListener("input", renderOpenerSeats);

// --- start ----------------------------------------------------------------------------

(async () => {
  await loadNames($("ruleset").value);
  renderFirst("first");
  renderDealerChoice();
  const params = new URLSearchParams(window.location.search);
  const all = remembered();
  const linked = params.get("join") || params.get("code");  // the share link's code
  const wanted = params.get("t") || (!linked && all.last);
  if (linked) {
    $("code").value = linked;
    const known = Object.values(all).find((entry) => entry && entry.joinCode
      && entry.joinCode.replace(/[\s-]/g, "") === linked.toUpperCase().replace(/[\s-]/g, ""));
    if (known) await show(known);
    else await join(linked);
  } else if (wanted && all[wanted]) {
    await show(all[wanted]);
  }
})();
