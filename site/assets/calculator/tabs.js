// The players of the calculator's form: their names, the one-player view and its tabs
// (a tab per player with their name, running total and a mark when a problem is theirs),
// and taking the reader to a field, whoever's it is.

import { openTies, showAsked } from "./asked.js";
import { el, setAttr, setText } from "./kit.js";
import { counted } from "./resultsview.js";

/** @typedef {import("./scoresheet.js").Calculator} Calculator */
/** @typedef {import("./problems.js").Problem} Problem */
/** @typedef {import("./runtime.js").Result} Result @typedef {import("./runtime.js").Counted} Counted */

/**
 * The player switcher of the one-player view: a tab per player with their name and
 * running total; it stays at the top of the screen while their fields scroll by.
 * @param {Calculator} calc
 */
export function switcher(calc) {
  const t = calc.texts;
  const bar = el("div", { class: "rb-switcher", role: "group", "aria-label": t.t("calc_switch_player"), "data-switcher": "" });
  for (let i = 0; i < calc.count; i++) {
    bar.append(el("button", {
      type: "button", class: "rb-switch", "aria-pressed": String(i === calc.current), "data-switch": i, "data-focus-key": `switch:${i}`,
      on: { click: () => show(calc, i) },
    }, el("span", { class: "rb-visually-hidden", "data-switch-name": i, text: nameOf(calc, i) }),
    el("span", { class: "rb-switch-name", "aria-hidden": "true", "data-switch-label": i, text: tabLabel(calc, i) }),
    el("output", { class: "rb-running", "data-running-total": i, "data-tab-total": "" })));
  }
  return bar;
}

/** Player ``i``'s name as entered, or their seat's default name. @param {Calculator} calc @param {number} i */
export function nameOf(calc, i) {
  return calc.names[i]?.trim() || defaultName(calc, i);
}

/** The default name of seat ``i`` ("Player 2"). @param {Calculator} calc @param {number} i */
export function defaultName(calc, i) {
  return calc.texts.t("default_player", { n: i + 1 });
}

/**
 * What player ``i``'s tab shows: a name the table typed, or else the seat number alone.
 * Default names ("Player 1", «Гравець 1») share their first word, so in a narrow tab
 * they were cut to the same «Граве…» on every tab; the number is what tells them apart.
 * @param {Calculator} calc
 * @param {number} i
 */
function tabLabel(calc, i) {
  const name = calc.names[i]?.trim();
  return !name || name === calc.texts.t("default_player", { n: i + 1 }) ? String(i + 1) : name;
}

/** Show player ``i`` in the one-player view, and focus their first field. @param {Calculator} calc @param {number} i */
export function show(calc, i) {
  calc.current = i;
  for (const cell of /** @type {NodeListOf<HTMLElement>} */ (calc.form.querySelectorAll("[data-col]"))) {
    cell.classList.toggle("rb-off", calc.view === "one" && cell.dataset.col !== String(i));
  }
  for (const b of calc.form.querySelectorAll("[data-switch]")) b.setAttribute("aria-pressed", String(b.getAttribute("data-switch") === String(i)));
  showAsked(calc);
  nextLabel(calc);
}

/**
 * The button under a player's fields: the next player's, or on the last player the way
 * to the results (a button with a class is shown whatever its ``hidden`` says, so it
 * never hides: it changes what it does).
 * @param {Calculator} calc
 */
function nextLabel(calc) {
  const next = /** @type {HTMLElement | null} */ (calc.form.querySelector("[data-next-player]"));
  if (!next) return;
  const last = calc.current + 1 >= calc.count;
  next.toggleAttribute("data-last", last);
  setText(next, last ? calc.texts.t("calc_see_results") : calc.texts.t("calc_next_player", { name: nameOf(calc, calc.current + 1) }));
}

/**
 * Mark the tab of each player a problem is about, so the table sees whose fields to
 * look at without opening every tab (a visible mark, and the word for screen readers).
 * @param {Calculator} calc
 * @param {Problem[]} problems
 */
export function markTabs(calc, problems) {
  /** @type {Set<number>} */
  const who = new Set();
  for (const p of problems) {
    if (p.loc[0] !== "players") continue;
    if (typeof p.loc[1] === "number") who.add(p.loc[1]);
    else if ("who" in p.params) for (const i of p.params.who) who.add(i);
  }
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (calc.form.querySelectorAll("[data-switch]"))) {
    const marked = who.has(Number(tab.dataset.switch));
    if (tab.hasAttribute("data-has-problems") === marked) continue;
    tab.toggleAttribute("data-has-problems", marked);
    tab.querySelector(".rb-tab-problem")?.remove();
    if (marked) tab.append(el("span", { class: "rb-tab-problem" }, el("span", { class: "rb-visually-hidden", text: calc.texts.t("calc_tab_problems") })));
  }
}

/** Focus a field, first showing its player in the one-player view. @param {Calculator} calc @param {HTMLElement} target */
export function reveal(calc, target) {
  if (target.closest("[data-tie-only]")) openTies(calc, true);
  const col = /** @type {HTMLElement | null} */ (target.closest("[data-col]"));
  if (col && calc.view === "one") show(calc, Number(col.dataset.col));
  target.focus();
}

/**
 * The running totals beside the names and in the switcher: the total once it stands,
 * else, while something is missing or wrong, "at least N" from what is counted so far.
 * @param {Calculator} calc
 * @param {Result | null} result @param {Counted | null} [partial]
 */
export function runningTotals(calc, result, partial = null) {
  const t = calc.texts;
  const points = calc.game.scoring.kind === "points";
  const floors = !result && partial && points ? counted(calc, partial).floors : null;
  for (const out of /** @type {NodeListOf<HTMLElement>} */ (calc.form.querySelectorAll("[data-running-total]"))) {
    const i = Number(out.dataset.runningTotal);
    const p = result?.players?.[i];
    // A tab has room for the number only; the unit is said to screen readers.
    const tab = out.dataset.tabTotal !== undefined;
    const floor = floors?.[i];
    const bare = points && p && tab;
    if (floor != null) {
      const said = t.t("calc_at_least", { total: t.count("points", floor) });
      setText(out, tab ? `≥${t.num(floor)}` : said);
      setAttr(out, "aria-label", tab ? said : null);
      setAttr(out, "data-at-least", String(floor));
      continue;
    }
    setAttr(out, "data-at-least", null);
    // A game of points has a total for every player (else the first key is their number).
    const total = /** @type {number} */ (p?.total);
    setText(out, !p ? "" : bare ? t.num(total) : points ? t.count("points", total) : (p.key ?? []).join(" "));
    setAttr(out, "aria-label", bare ? t.count("points", total) : null);
  }
  for (const name of /** @type {NodeListOf<HTMLElement>} */ (calc.form.querySelectorAll("[data-switch-name]"))) {
    setText(name, nameOf(calc, Number(name.dataset.switchName)));
  }
  for (const label of /** @type {NodeListOf<HTMLElement>} */ (calc.form.querySelectorAll("[data-switch-label]"))) {
    setText(label, tabLabel(calc, Number(label.dataset.switchLabel)));
  }
  nextLabel(calc); // it names the next player, whose name may just have changed
}
