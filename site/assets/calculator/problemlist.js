// The problems of the calculator's form: each field marked with its messages, the list of
// problems (each a button to its field), the fields still to enter, and the empty fields
// that count (the engine counts them as their default, so the results say which they are).

import { activeInputs, reachedNow, tiebreakInputs } from "./asked.js";
import { problemText } from "./formkit.js";
import { el, setAttr } from "./kit.js";
import { parseRows, rowTargets, sharedSpec, sharedTargets } from "./rows.js";
import { runtime } from "./runtime.js";
import { nameOf, reveal } from "./tabs.js";

/** @typedef {import("./scoresheet.js").Calculator} Calculator */
/** @typedef {import("./problems.js").Problem} Problem */
/** @typedef {import("./problems.js").ProblemWords} ProblemWords */
/**
 * @typedef {import("../../../tools/typecheck/export").Input} Input
 * @typedef {import("../../../tools/typecheck/export").TableInput} TableInput
 * @typedef {import("../../../tools/typecheck/export").RowField} RowField
 * @typedef {import("./runtime.js").Result} Result
 * @typedef {{player: number, spec: Input | TableInput, row?: number, field?: RowField, shared?: boolean}} Blank  an empty field that counts: a player's input, or a number of a row (theirs or the table's)
 */

/**
 * The number fields left empty that count: every one a total reads, and those only a
 * tiebreaker reads for a player whose total ties. The engine counts an empty field as
 * its default (0), so the results say which ones are empty.
 * @param {Calculator} calc
 * @param {Result | null} result @returns {Blank[]}
 */
export function notEntered(calc, result) {
  const first = calc.game.scoring.ranking.keys[0].value;
  const tiebreakOnly = tiebreakInputs(calc);
  const tied = (/** @type {number} */ i) => {
    const p = result?.players?.[i];
    return !!p?.decided_by && p.decided_by !== first;
  };
  const active = activeInputs(calc);
  const inputs = active.flatMap((spec) => (spec.kind === "count" ? [spec] : []));
  const reached = reachedNow(calc);
  /** @type {Blank[]} */
  const out = [];
  for (let i = 0; i < calc.count; i++) {
    const folded = calc.tieBy?.[i] ?? new Set();
    for (const spec of active) {
      // A yes/no or a choice has no empty state: while the fold is closed, a tie it may
      // break sends the table to it (Tokaido's achievements from the score track).
      if (spec.kind !== "count" && folded.has(spec.id) && tied(i) && !calc.tieOpen) out.push({ player: i, spec });
    }
    for (const spec of inputs) {
      if ((tiebreakOnly.has(spec.id) || folded.has(spec.id)) && !tied(i)) continue;
      if (spec.empty_is_none || reached.has(spec.id)) continue; // none held; a box left as it is
      if (calc.hiddenBy?.[i]?.has(spec.id)) continue; // it does not count for them
      if (String(calc.values[i][spec.id] ?? "").trim() === "") out.push({ player: i, spec });
    }
    for (const spec of active) {
      if (spec.kind !== "rows" || calc.hiddenBy?.[i]?.has(spec.id)) continue;
      if ((tiebreakOnly.has(spec.id) || folded.has(spec.id)) && !tied(i)) continue;
      // A row's number with a default counts as it when left empty, as an empty count
      // does: listed like one, by its row (one without a default is missing instead).
      parseRows(spec, calc.values[i][spec.id]).forEach((row, r) => spec.fields.forEach((field, k) => {
        if (field.default != null && row[k].trim() === "") out.push({ player: i, spec, row: r, field });
      }));
    }
    // A player's number of a row the table shares, likewise, in that player's line.
    for (const spec of calc.game.scoring.table ?? []) {
      if (spec.kind !== "rows" || !calc.engine.tableActive(spec.id, calc.context())) continue;
      const flat = sharedSpec(spec, Array.from({ length: calc.count }, (_, p) => String(p)));
      parseRows(flat, calc.table[spec.id]).forEach((row, r) => spec.per_player.forEach((field, j) => {
        const k = spec.fields.length + i * spec.per_player.length + j;
        if (field.default != null && row[k].trim() === "") out.push({ player: i, spec, row: r, field, shared: true });
      }));
    }
  }
  return out;
}

/**
 * A link that takes the reader to a field (switching to its player's tab), in the words of
 * its sentence. A link, not a button: a button is an inline block, so a wrapped name pushed
 * its list's bullet down to its last line and let the line break before the colon after it,
 * even before French's no-break space (" : au plus 3" starting a line). The click goes to
 * the field without changing the page's address.
 * @param {Calculator} calc @param {HTMLElement} target @param {string | Node} text
 * @param {Record<string, string>} [attrs]
 */
function fieldLink(calc, target, text, attrs = {}) {
  const go = (/** @type {Event} */ event) => {
    event.preventDefault();
    reveal(calc, target);
  };
  return el("a", { class: "rb-link", href: `#${target.id}`, ...attrs, on: { click: go } }, text);
}

/**
 * The empty fields that count, a line per player, each field a link to it; a field
 * whose default is not 0 says what it counts as.
 * @param {Calculator} calc
 * @param {Blank[]} blank
 */
export function notEnteredList(calc, blank) {
  if (!blank.length) return [];
  const t = calc.texts;
  const list = el("ul", { class: "rb-todo", "data-not-entered": "" });
  for (let i = 0; i < calc.count; i++) {
    const mine = blank.filter((b) => b.player === i);
    if (!mine.length) continue;
    const links = mine.map(({ spec, row, field, shared }) => {
      // A row's number is named as a problem names it ("Open roads, Row 2, Followers").
      const label = row == null ? String(spec.label ?? spec.id) : [spec.label, t.t("calc_row", { n: t.num(row + 1) }), field?.label].join(", ");
      // A field is given with its row; without one, the spec is a player's input.
      const fallback = row == null ? runtime.validation.defaultValue(calc.game, /** @type {Input} */ (spec)) : field?.default;
      // A folded box or list has no empty state to explain: its name is enough.
      const text = fallback === 0 || (spec.kind !== "count" && row == null) ? label : t.t("calc_counted_as", { field: label, value: t.num(fallback) });
      const at = row == null ? "" : `[data-row-index="${row}"][data-row-field="${CSS.escape(shared ? `${field?.id}@${i}` : String(field?.id))}"]`;
      const owner = shared ? `[data-table="${CSS.escape(spec.id)}"]` : `[data-input="${CSS.escape(spec.id)}"][data-player="${i}"]`;
      const target = /** @type {HTMLElement | null} */ (calc.form.querySelector(`${owner}${at}`));
      const key = row == null ? `${spec.id}:${i}` : `${spec.id}:${i}:${row}:${field?.id}`;
      return target ? fieldLink(calc, target, text, { "data-not-entered-field": key }) : text;
    });
    list.append(el("li", { "data-not-entered-player": i }, nameOf(calc, i), t.colon(), ...links.flatMap((x, k) => (k ? [", ", x] : [x]))));
  }
  return [el("p", { class: "rb-problems-title" }, t.node("calc_not_entered")), list];
}

/**
 * Whether a problem is only a field nobody has filled in yet: a missing value whose
 * fields the table has not touched (a fresh form, or a player not reached yet).
 * @param {Calculator} calc
 * @param {Problem} p
 */
export function untouched(calc, p) {
  if (p.code !== "missing" && p.code !== "required") return false;
  const fields = targets(calc, p);
  return fields.length > 0 && fields.every((f) => !calc.edited.has(f.getAttribute("data-focus-key") ?? ""));
}

/** The message of a problem, in the page's language. @param {Calculator} calc @param {Problem} p */
function problemMessage(calc, p) {
  return problemText(calc.texts, /** @type {ProblemWords} */ (calc.said), p);
}

/** Mark the fields the problems point at, each with its messages. @param {Calculator} calc @param {Problem[]} problems */
export function flag(calc, problems) {
  // What each field and its error line should say, then only the changes: rewriting all
  // of them restyled every field of the form on each keystroke.
  /** @type {Map<Element, Node[]>} */
  const said = new Map();
  /** @type {Set<Element>} */
  const invalid = new Set();
  for (const p of problems) {
    for (const target of targets(calc, p)) {
      invalid.add(target);
      const error = document.getElementById(`${target.id}-error`) ?? target.parentElement?.querySelector(".rb-error");
      // A box of a number row shares the line under the row: its text says which box.
      const box = target.closest(".rb-number")?.querySelector(".rb-number-text")?.textContent;
      const message = box ? el("span", {}, box, calc.texts.colon(), problemMessage(calc, p)) : problemMessage(calc, p);
      if (error) said.set(error, [...(said.get(error) ?? []), message]);
    }
  }
  for (const node of calc.form.querySelectorAll("[aria-invalid]")) if (!invalid.has(node)) node.removeAttribute("aria-invalid");
  for (const node of invalid) setAttr(node, "aria-invalid", "true");
  const lines = new Set([...calc.form.querySelectorAll(".rb-error"), ...said.keys()]);
  for (const node of /** @type {Set<HTMLElement>} */ (lines)) {
    const messages = said.get(node) ?? [];
    const shown = messages.map((m) => (m instanceof Element ? m.outerHTML : m.textContent)).join(" · ");
    if (calc.errorLines.get(node) === shown) continue;
    calc.errorLines.set(node, shown);
    node.replaceChildren(...messages.flatMap((m, k) => (k ? [" · ", m] : [m])));
    node.hidden = !messages.length;
  }
}

/**
 * The form controls a problem is about: its field, or the fields of the players and
 * inputs it names (who holds a unique card, what a constraint reads).
 * @param {Calculator} calc
 * @param {Problem} p @returns {HTMLElement[]}
 */
function targets(calc, p) {
  const all = (/** @type {string} */ selector) => /** @type {HTMLElement[]} */ ([...calc.form.querySelectorAll(selector)]);
  const [first, second, third] = p.loc;
  const id = (/** @type {string | number | undefined} */ x) => CSS.escape(String(x));
  if (first == "table" && p.loc.length > 2) return sharedTargets(all(`[data-table="${id(second)}"]`), p.loc.slice(2));
  if (first == "table" || first == "options") return all(`[data-${first == "table" ? "table" : "option"}="${id(second)}"]`);
  if (first == "rivals") return third == null ? all(`[data-rival="${id(second)}"]`) : rowTargets(all(`[data-rival="${id(second)}"][data-input="${id(third)}"]`), p.loc.slice(3));
  if (first != "players") return [];
  /** @type {number[] | null} */
  const who = typeof second == "number" ? [second] : "who" in p.params ? p.params.who : null;
  const of = (/** @type {string} */ input) => (who ? who.flatMap((i) => all(`[data-input="${id(input)}"][data-player="${i}"]`)) : all(`[data-input="${id(input)}"]`));
  if (third == null) {
    const read = p.code == "constraint" ? calc.game.needs?.constraints?.[p.params.id] : "inputs" in p.params ? p.params.inputs : undefined;
    if (read?.length) return read.flatMap(of);
    return who ? who.flatMap((i) => all(`[data-player-name="${i}"]`)) : all("[data-player-name]");
  }
  return third == "name" ? all(`[data-player-name="${id(second)}"]`) : rowTargets(of(String(third)), p.loc.slice(3));
}

/**
 * The problems, each with a button that focuses its field, then the fields still to
 * enter (a button each, no message: nothing is wrong with them yet); with tiebreak
 * problems only, a note that the totals below stand.
 * @param {Calculator} calc
 * @param {Problem[]} problems @param {Problem[]} todo @param {boolean} totalsStand
 */
export function problemList(calc, problems, todo, totalsStand) {
  const t = calc.texts;
  const said = /** @type {ProblemWords} */ (calc.said);
  // The button that takes the reader to the problem's field: on the field's name when
  // the problem has one ("Player 2, Coins: ..."), else on the message itself (an option
  // that does not fit the table has no name to go before it).
  const link = (/** @type {Problem} */ p, /** @type {string | Node} */ text) => {
    const target = targets(calc, p)[0];
    return target ? fieldLink(calc, target, text) : text;
  };
  /** @type {HTMLElement[]} */
  const out = [el("h3", {}, t.node("results"))];
  if (problems.length) {
    const list = el("ul", { class: "rb-problems", "data-problems": "" });
    for (const p of problems) {
      const where = said.where(p);
      const item = el("li", { "data-problem": p.code, "data-loc": JSON.stringify(p.loc), "data-severity": p.severity });
      if (where) item.append(link(p, where), t.colon(), problemMessage(calc, p));
      else item.append(link(p, problemMessage(calc, p)));
      list.append(item);
    }
    out.push(el("p", { class: "rb-problems-title" }, t.node("problems")), list);
  }
  if (todo.length) {
    const list = el("ul", { class: "rb-todo", "data-todo": "" });
    for (const p of todo) list.append(el("li", { "data-problem": p.code, "data-loc": JSON.stringify(p.loc) }, link(p, said.where(p) || problemMessage(calc, p))));
    out.push(el("p", { class: "rb-problems-title" }, t.node("still_to_enter")), list);
  }
  out.push(el("p", { class: "rb-help" }, totalsStand ? t.node("problems_tiebreak") : t.node(problems.length ? "fix_to_see" : "enter_to_see")));
  return out;
}
