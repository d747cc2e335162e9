// The projector's standings of an event: public (GET /v1/events/{id}/standings needs
// no token). The page waits for the standings to change (page.follow: the API's live
// channel, a slow poll while waits fail), so a table's ending shows by itself, and
// counts the round's time down on the server's clock.
"use strict";

(() => {
const strings = page.strings();
const $ = (id) => document.getElementById(id);
const eventId = $("standings").dataset.event;
let readAt = null;
let live = false;
let clock = null;         // page.serverClock of the last answer
let currentRound = null;  // the standings' current_round

function answered({status, body}) {
  live = status === 200;
  if (status !== 200) {
    $("network").textContent = page.format(strings.offline, {detail: body.detail || status});
    $("network").hidden = false;
    return tick();
  }
  $("network").hidden = true;
  readAt = Date.now();
  clock = page.serverClock(body.now);
  currentRound = body.current_round;
  render(body);
  tick();
}

// The evening's order (`places`: the finalists by the final, then the heats), each
// row with the player's heat standing.
function render(body) {
  $("event-name").textContent = body.name;
  const heats = new Map(body.standings.map((standing) => [standing.player, standing]));
  $("rows").replaceChildren(...body.places.map((placed) => {
    const standing = heats.get(placed.player);
    const player = page.element("td", {class: "player"}, placed.player);
    if (placed.from === "final") player.append(" ", page.element("span", {class: "finalist"}, strings.finalist));
    return page.element("tr", {"data-player": placed.player},
      page.element("td", {class: "number place"}, placed.place), player,
      ...["score", "wins", "points", "cards_left"].map((key) =>
        page.element("td", {class: `number ${key}`}, standing[key])));
  }));
  $("playing").textContent = body.playing.length
    ? page.format(strings.playing, {count: body.playing.length}) : strings.none_playing;
  renderChange(body.changes);
}

function renderChange(changes) {
  const latest = changes[changes.length - 1];
  $("change").hidden = !latest;
  if (!latest) return;
  const seq = latest.corrections.length ? latest.corrections[latest.corrections.length - 1]
    : (latest.now || latest.closed).seq;
  $("change").textContent = page.format(strings.changed,
                                        {table: latest.table, round: latest.round, seq});
}

// The current round's countdown, while it plays and has a time limit.
function renderClock() {
  const round = currentRound;
  const line = $("clock");
  line.hidden = !(round && round.status === "playing" && round.ends_at);
  if (line.hidden) return;
  const title = round.kind === "final" ? strings.final_heading
    : page.format(strings.round_heading, {number: round.number});
  const left = clock.left(round.ends_at);
  line.textContent = `${title} · ` + (left > 0
    ? page.format(strings.time_left, {time: page.duration(left)}) : strings.time_up);
  line.classList.toggle("up", left <= 0);
}

function tick() {
  if (!readAt) return;
  const seconds = Math.round((Date.now() - readAt) / 1000);
  $("updated").textContent = live ? strings.live : page.format(strings.updated, {seconds});
  $("updated").classList.toggle("live", live);
  renderClock();
}

page.follow(`/v1/events/${encodeURIComponent(eventId)}/standings`,
            (path, timeout) => page.call(path, {timeout}), answered);
setInterval(tick, 1000);
})();
