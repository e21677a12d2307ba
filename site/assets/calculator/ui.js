// The calculator and setup-generator widgets of the site's pages, mounted.
//
// Each widget is a <div data-calculator="<game>"> or <div data-setup="<game>"> whose
// data-island names a <script type="application/json"> the build wrote: the game's export
// (scorer/export.py) with its labels in the page's language, the interface strings, and the
// catalog contexts whose text is a fallback in another language. The calculator is
// scoresheet.js (and the modules it names), the setup generator generator.js; the table
// tools (table.js) are attached to each.
//
// The site ships this module and everything it imports joined into one file
// (rulebook/site/assets.py), so a page makes one request and the widgets are drawn as soon
// as the page is parsed.

import { SetupGenerator } from "./generator.js";
import { el, Words } from "./kit.js";
import { registerOffline } from "./offline.js";
import { Calculator } from "./scoresheet.js";
import { attachCalculator, attachSetup } from "./table.js";

/**
 * The island a widget reads (the build writes it: rulebook/site/calculator.py), of the
 * shape its widget's constructor says.
 * @template I @param {HTMLElement} root @returns {I}
 */
function readIsland(root) {
  const script = root.dataset.island ? document.getElementById(root.dataset.island) : null;
  if (!script) throw new Error(`no data island for ${root.dataset.calculator ?? root.dataset.setup}`);
  return JSON.parse(script.textContent ?? "");
}

/** @template {import("./kit.js").WordsIsland} I @param {HTMLElement} root @param {(root: HTMLElement, island: I) => void} make */
function mount(root, make) {
  if (root.dataset.mounted) return;
  root.dataset.mounted = "true";
  /** @type {I} */
  let island;
  try {
    island = readIsland(root);
  } catch (error) {
    console.error(error);
    return;
  }
  try {
    make(root, island);
    root.dataset.ready = "true";
  } catch (error) {
    console.error(error);
    root.append(el("p", { class: "rb-error", "data-runtime-error": "" }, new Words(island).node("runtime_missing")));
    root.dataset.ready = "error";
  }
}

function mountAll() {
  for (const el of document.querySelectorAll("[data-calculator]")) mount(/** @type {HTMLElement} */ (el), (e, /** @type {ConstructorParameters<typeof Calculator>[1]} */ i) => attachCalculator(new Calculator(e, i), i));
  for (const el of document.querySelectorAll("[data-setup]")) mount(/** @type {HTMLElement} */ (el), (e, /** @type {ConstructorParameters<typeof SetupGenerator>[1]} */ i) => attachSetup(new SetupGenerator(e, i), i));
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-print]"))) {
    if (button.dataset.mounted) continue;
    button.dataset.mounted = "true";
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }
}

// Mount at once: module scripts run when the page is parsed, and pages with a widget load
// this one with blocking="render", so the widgets are drawn before the page is first shown.
// Material's instant navigation, when enabled, swaps pages without reloading and announces
// each on document$: mount again then (mounted widgets are skipped). Material's script may
// run after this one (both are deferred), hence the wait for DOMContentLoaded. Outside a
// page (the parity tests import the shipped bundle in Node) nothing is mounted.
if (typeof document !== "undefined") {
  mountAll();
  registerOffline();
  // Material's page stream, when its instant navigation is on.
  const material = /** @type {Window & {document$?: {subscribe?: (next: () => void) => void}}} */ (window);
  const follow = () => material.document$?.subscribe?.(mountAll);
  if (material.document$) follow();
  else document.addEventListener("DOMContentLoaded", follow, { once: true });
}
