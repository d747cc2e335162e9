// The projector's standings of an event: public (GET /v1/events/{id}/standings needs
// no token), read again every few seconds, so a table's ending shows by itself.
"use strict";

(() => {
const strings = page.strings();
const $ = (id) => document.getElementById(id);
const POLL_MS = 4000;
const eventId = $("standings").dataset.event;
let readAt = null;

async function refresh() {
  const {status, body} = await page.call(`/v1/events/${encodeURIComponent(eventId)}/standings`);
  if (status !== 200) {
    $("network").textContent = page.format(strings.offline, {detail: body.detail || status});
    $("network").hidden = false;
    return;
  }
  $("network").hidden = true;
  readAt = Date.now();
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

function tick() {
  if (readAt) $("updated").textContent = page.format(strings.updated,
                                                     {seconds: Math.round((Date.now() - readAt) / 1000)});
}

refresh();
setInterval(refresh, POLL_MS);
setInterval(tick, 1000);
})();
