// The service worker of one language's site, <lang>/sw.js. rulebook/site/offline.py writes it
// after each build with two constants in front of this text:
//
//   const VERSION = "<content hash of the files below>";
//   const FILES = ["./", "nile/", "nile/scoring/", "assets/calculator/calculator.js", ...];
//
// Installing keeps every file of FILES (the language's pages and assets) in a cache named
// after the scope and VERSION; activating deletes this scope's older caches, so a new build
// (a new hash, so a new worker) replaces them. Requests are answered from the cache first,
// then from the network (and kept); a page that is neither gets the cached offline page
// (offline.html, with a <base> so its links work at any address), never the 404.

/** This worker's global scope, with its service-worker API. */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const ROOT = new URL("./", worker.location.href).href;
const PREFIX = `rulebook:${ROOT}:`;
const CACHE = PREFIX + VERSION;

worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((file) => new Request(new URL(file, ROOT), { cache: "reload" }))))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(ROOT)) return;
  event.respondWith(answer(request));
});

/** @param {Request} request */
async function answer(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  url.hash = "";
  const page = request.mode === "navigate";
  // Pages are kept under their folder ("nile/scoring/"); the query (a setup link) is ignored.
  const hit =
    (await cache.match(url.href, { ignoreSearch: page })) ??
    (page && !url.pathname.endsWith("/") ? await cache.match(`${url.origin}${url.pathname}/`) : undefined);
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") cache.put(request, response.clone());
    return response;
  } catch (error) {
    const missing = page ? await cache.match(new URL("offline.html", ROOT).href) : undefined;
    if (missing) return withBase(missing, ROOT);
    throw error;
  }
}

/**
 * The offline page, shown at another address: a <base> first in its <head> keeps its
 * relative links, styles and scripts pointing where they point from offline.html.
 * @param {Response} page
 * @param {string} base
 */
async function withBase(page, base) {
  const text = await page.text();
  const html = text.replace(/<head>/i, `<head><base href="${base}">`);
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
