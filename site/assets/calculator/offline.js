// Offline use: each language's build has a service worker at its root (<lang>/sw.js, written
// by rulebook/site/offline.py) that keeps the language's pages and assets after one visit.
// It is registered once the page has loaded and the browser is idle, so it never competes
// with the page itself; a new build has a new worker, which replaces the old cache.

/** Register the service worker of this language's site (this file is <lang>/assets/calculator/). */
export function registerOffline() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  const root = new URL("../../", import.meta.url);
  const start = () => {
    navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.href }).catch(() => {
      // No worker (a browser setting, a file:// copy): the site works online as before.
    });
  };
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 500));
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}
