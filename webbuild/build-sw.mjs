// Builds referee/web/static/sw.js, the table page's service worker, with Workbox's
// generateSW (`make sw`). Its output is committed: `make run` and `make test` need no
// npm and no network. Nothing is precached by revision (a build would be needed for
// every edit of a script); the page's own requests are cached as they are made
// (NetworkFirst: fresh when online, the last answer offline), and offline.js asks for
// them once more as soon as the worker controls the page, so a first visit is cached.
import {generateSW} from "workbox-build";
import {fileURLToPath} from "node:url";

const out = fileURLToPath(new URL("../referee/web/static/sw.js", import.meta.url));
const fresh = (name, seconds = 4) => ({
  handler: "NetworkFirst",
  options: {cacheName: name, networkTimeoutSeconds: seconds, matchOptions: {ignoreVary: true}},
});

const {count, size, warnings} = await generateSW({
  swDest: out,
  globDirectory: fileURLToPath(new URL("./empty/", import.meta.url)),
  globPatterns: [],
  inlineWorkboxRuntime: true,
  mode: "production",
  sourcemap: false,
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  runtimeCaching: [
    // The page itself, whatever its query (?t=, ?lang=, ?code=): a reload offline gets
    // the last /table answered.
    {urlPattern: ({url}) => url.pathname === "/table",
     ...fresh("table-page"),
     options: {...fresh("table-page").options, matchOptions: {ignoreSearch: true, ignoreVary: true}}},
    // Its scripts and styles.
    {urlPattern: ({url}) => url.pathname.startsWith("/web/static/"), ...fresh("table-static")},
    // The table's ruleset text: its deck's names and the ruleset.
    {urlPattern: ({url}) => url.pathname === "/try/names" || /^\/v1\/rulesets\/[^/]+$/.test(url.pathname),
     ...fresh("table-rules")},
    // The table as last read (a reload offline shows it, marked offline). Only when the
    // network fails outright, never after a timeout: the page's own probes of a slow or
    // dead connection must see it (their 8 s deadline), not an old answer.
    {urlPattern: ({url}) => /^\/v1\/tables\/[^/]+$/.test(url.pathname),
     handler: "NetworkFirst", options: {cacheName: "table-state", matchOptions: {ignoreVary: true}}},
    // Spoken verdicts: immutable by URL.
    {urlPattern: ({url}) => url.pathname === "/v1/speech",
     handler: "CacheFirst",
     options: {cacheName: "table-speech", expiration: {maxEntries: 200},
               cacheableResponse: {statuses: [200]}}},
  ],
});
for (const warning of warnings) console.warn(warning);
console.log(`wrote ${out} (${count} files precached, ${size} bytes)`);
