// The service worker of the site's root, <site>/sw.js, scope the whole site.
// rulebook/site/offline.py writes it with three constants in front of this text:
//
//   const VERSION = "<content hash>";
//   const FILES = ["./"];              // the language chooser, the only page at the root
//   const LANGUAGES = ["fr", "uk", "en"];
//
// Each language's own worker (<lang>/sw.js, offline/sw.js) controls that language's pages,
// once this device has opened one. This one answers what is left: the language chooser,
// kept here, and, offline, a page of a language this device has never opened, which gets
// the offline page of the reader's language (the address's if it is kept, else the first
// of the browser's languages that is, else any kept language's) instead of the browser's
// "no internet" page.

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
  // A page this worker controls (the chooser, another language's offline page) loads its
  // styles and scripts from a language's folder: kept by that language's worker.
  if (request.mode !== "navigate") event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
  else event.respondWith(answer(request));
});

/** @param {Request} request */
async function answer(request) {
  const url = new URL(request.url);
  url.hash = "";
  const root = url.href === ROOT || url.href === `${ROOT}index.html`;
  const kept = root ? await caches.match(ROOT, { cacheName: CACHE, ignoreSearch: true }) : undefined;
  try {
    const response = await fetch(request);
    if (root && response.ok) (await caches.open(CACHE)).put(ROOT, response.clone());
    return response;
  } catch (error) {
    if (kept) return kept;
    const page = await offlinePage(url);
    if (page) return page;
    throw error;
  }
}

/**
 * The kept offline page of the reader's language, with its links made relative to its own
 * language's root (it is shown at another address).
 * @param {URL} url
 */
async function offlinePage(url) {
  const here = url.href.slice(ROOT.length).split("/")[0];
  const browser = (navigator.languages || [navigator.language || ""]).map((code) => String(code).slice(0, 2).toLowerCase());
  const order = [here, ...browser, ...LANGUAGES].filter((code) => LANGUAGES.includes(code));
  for (const code of order) {
    const base = new URL(`${code}/`, ROOT).href;
    const page = await caches.match(`${base}offline.html`);
    if (page) return withBase(page, base);
  }
  return undefined;
}

/**
 * A kept page shown at another address: a <base> first in its <head> keeps its links,
 * styles and scripts where they were.
 * @param {Response} page
 * @param {string} base
 */
async function withBase(page, base) {
  const text = await page.text();
  const html = text.replace(/<head>/i, `<head><base href="${base}">`);
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
