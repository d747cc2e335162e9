// Moves that wait for the network (issue 28), kept on the phone (localStorage) so a
// reload or a restarted phone still sends them, each with its Idempotency-Key (a
// retry never records twice).
//
// A move tapped while the phone is offline carries `expect_seq`: the seq the phone had
// seen, moved on by one for each earlier move of its own that got recorded since (its
// own moves are no reason to refuse it). If any other phone recorded a move meanwhile,
// the service refuses it (409) and the page says so to the table: it is never
// silently dropped and never recorded on a table it was not meant for. A move tapped
// online is sent as before (judged on the table as it is when it arrives).
// The page also hears when the network comes back (`online` event), to send at once.
"use strict";

const tableOutbox = (() => {
  const STORE_KEY = "referee.outbox";
  let wake = [];

  function all() {
    try { return JSON.parse(localStorage.getItem(STORE_KEY)) || {}; } catch { return {}; }
  }

  function save(tables) {
    try { localStorage.setItem(STORE_KEY, JSON.stringify(tables)); } catch { /* full: kept in memory only */ }
  }

  function update(tableId, change) {
    const tables = all();
    tables[tableId] = change(tables[tableId] || []);
    if (!tables[tableId].length) delete tables[tableId];
    save(tables);
  }

  window.addEventListener("online", () => {
    const waiting = wake;
    wake = [];
    for (const resume of waiting) resume();
  });

  return {
    offline: () => navigator.onLine === false,
    // The moves of a table not answered yet, oldest first.
    pending: (tableId) => all()[tableId] || [],
    // A move just tapped: {key, move, expect?, offline} (expect: the seq it was made at).
    add(tableId, entry) {
      update(tableId, (entries) => [...entries, entry]);
      return entry;
    },
    // The body a move is sent with; an offline move's expect_seq is fixed at its first send.
    body(tableId, entry) {
      Object.assign(entry, (all()[tableId] || []).find((each) => each.key === entry.key) || {});
      const body = {move: entry.move};
      if (entry.expect !== undefined && entry.expect !== null) body.expect_seq = entry.expect;
      if (entry.offline && !entry.sent) {
        entry.sent = true;
        update(tableId, (entries) => entries.map((each) => (each.key === entry.key ? entry : each)));
      }
      return body;
    },
    // The table answered `entry` (recorded, refused or failed for good): it leaves the
    // outbox; a recorded offline move moves the seq its later offline moves expect.
    answered(tableId, entry, recorded) {
      update(tableId, (entries) => entries.filter((each) => each.key !== entry.key).map((each) => {
        if (recorded && each.offline && !each.sent) each.expect += 1;
        return each;
      }));
    },
    // Resolves when the network comes back (or after `ms`): a retry waits for either.
    until(ms) {
      return new Promise((done) => {
        const timer = setTimeout(done, ms);
        wake.push(() => { clearTimeout(timer); done(); });
      });
    },
  };
})();

// The service worker (sw.js, built by Workbox) keeps the page, its scripts and styles,
// the table's ruleset text and the table as last read, so the page opens with no
// network once it has been opened. Its caches fill with the page's own requests; the
// requests this visit made before the worker controlled it are asked for once more.
(() => {
  if (!("serviceWorker" in navigator)) return;
  const SKIPPED = /\/(events|moves)(\?|$)|^\/v1\/speech/;
  function warm() {
    const urls = new Set([window.location.href]);
    for (const entry of performance.getEntriesByType("resource")) {
      const url = new URL(entry.name);
      if (url.origin === window.location.origin && !SKIPPED.test(url.pathname + url.search)) urls.add(url.href);
    }
    for (const url of urls) fetch(url, {credentials: "same-origin"}).catch(() => null);
  }
  navigator.serviceWorker.register("/sw.js").then(() => {
    if (navigator.serviceWorker.controller) return;
    navigator.serviceWorker.addEventListener("controllerchange", () => setTimeout(warm, 500), {once: true});
  }).catch(() => null);  // no worker (private mode, an old browser): the page works online
})();
