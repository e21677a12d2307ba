// What the calculator's form asks of whom, and what it shows.
//
// The inputs asked with the current options, table and player count (the score track's
// first, those only a tiebreaker reads last, in their fold); per player, the ones that do
// not count for them (hidden in place, never rebuilt: a keystroke keeps its caret) and the
// ones that count for them only on a tie (moved to the fold); the rivals at the table.
// relevance.js says what counts; this module applies it to the form.

import { compactGroups } from "./compact.js";
import { el } from "./kit.js";
import { hidden as hiddenInputs, placeDependents, settle, tieOnly } from "./relevance.js";
import { runtime } from "./runtime.js";

/**
 * @typedef {import("./scoresheet.js").Calculator} Calculator
 * @typedef {import("../../../tools/typecheck/export").Input} Input
 * @typedef {import("../../../tools/typecheck/export").ChoiceInput} ChoiceInput
 * @typedef {import("../../../tools/typecheck/export").Expr} Expr
 * @typedef {import("./values.js").Row} Row
 */

/**
 * The asked inputs with each flag that a choice implies (``implies``: Patience's arrival,
 * the Patience calligraphy) replaced by that choice: the form asks the choice in the
 * flag's place and ticks the flag from it (endState() in entry.js).
 * @param {Input[]} asked @returns {Input[]}
 */
function implying(asked) {
  const ids = new Set(asked.map((s) => s.id));
  /** @type {Map<string, ChoiceInput>} the flag id -> the choice that implies it */
  const by = new Map(asked.flatMap((s) => (s.kind === "choice" && s.implies && ids.has(s.implies) ? [[s.implies, s]] : [])));
  if (!by.size) return asked;
  const moved = new Set([...by.values()].map((s) => s.id));
  return asked.flatMap((s) => by.get(s.id) ?? (moved.has(s.id) ? [] : [s]));
}

/**
 * The inputs asked with the current options, table and player count. The score track's
 * own inputs come first; the inputs only a tiebreaker reads come last, in their fold.
 * @param {Calculator} calc
 */
export function activeInputs(calc) {
  const c = calc.context();
  const tiebreakOnly = tiebreakInputs(calc);
  const asked = implying(calc.game.scoring.inputs.filter((spec) => calc.engine.inputActive(spec.id, c)));
  const track = calc.game.scoring.score_track;
  const first = new Set(track && calc.options.score_track ? ["track_points", ...(track.facts ?? []).map((f) => f.id)] : []);
  /** @param {Input} s */
  const order = (s) => (first.has(s.id) ? 0 : tiebreakOnly.has(s.id) ? 2 : 1);
  const settled = settledInputs(calc);
  const sections = [0, 1, 2].map((k) => asked.filter((s) => order(s) === k && settled[s.id] !== false));
  const placed = placeDependents(sections, settled);
  /** Each input asked only under a condition on another field: that field's id. */
  calc.after = placed.after;
  return placed.order;
}

/**
 * The counts the scoring reads only as "at least" with the form's options and player
 * count (``reached``: from Tokaido's score track, the panoramas Contemplation reads),
 * each with its bound. @returns {Map<string, number>}
 * @param {Calculator} calc
 */
export function reachedNow(calc) {
  const c = calc.context();
  /** @type {[string, number][]} */
  const found = calc.game.scoring.inputs.flatMap((s) => (s.kind === "count" && s.reached && calc.engine.reached(s.id, c) ? [[s.id, s.reached.at]] : []));
  return new Map(found);
}

/**
 * Per input that counts only under a condition (needs.relevant): true or false with the
 * form's options and player count (false: asked of nobody), else that condition on the
 * player's own fields (relevance.js).
 * @returns {Record<string, Expr | boolean>}
 * @param {Calculator} calc
 */
function settledInputs(calc) {
  const needs = calc.game.needs;
  return needs?.relevant ? settle(needs, calc.context().options, calc.count) : {};
}

/**
 * Take out of each player's entries what does not count for them (their value is not
 * counted, nor missing) and put in the facts their other entries imply (a score track's
 * meal prices from the meals by price). showAsked() then shows the fields to match.
 * @param {Calculator} calc
 * @param {Row[]} players the end state's players @param {Input[]} inputs the asked inputs
 */
export function askedOf(calc, players, inputs) {
  const needs = calc.game.needs;
  /** @type {Set<string>[]} per player, the asked inputs that do not count for them */
  const hiddenBy = players.map(() => new Set());
  calc.hiddenBy = hiddenBy;
  /** @type {Set<string>[]} per player, the asked inputs that count for them only on a tie */
  const tieBy = players.map(() => new Set());
  calc.tieBy = tieBy;
  if (!needs?.relevant) return;
  const parts = tieParts(calc);
  const implies = new Set(inputs.filter((s) => s.kind === "choice" && s.implies).map((s) => s.id));
  const ids = inputs.map((s) => s.id);
  /** @type {Row} */
  const defaults = Object.fromEntries(calc.game.scoring.inputs.map((s) => [s.id, runtime.validation.defaultValue(calc.game, s)]));
  const options = calc.context().options;
  players.forEach((player, i) => {
    const [found, implied] = hiddenInputs(needs, player, defaults, ids, options, calc.count);
    // A choice that implies a flag is asked of everyone, whatever that flag says.
    const hide = found.filter((id) => !implies.has(id));
    if (parts.size) tieBy[i] = new Set(tieOnly(needs, player, defaults, ids, options, calc.count).filter((id) => parts.has(id)));
    for (const id of hide) delete player[id];
    Object.assign(player, implied);
    hiddenBy[i] = new Set(hide);
  });
}

/**
 * Hide, in place, each field that does not count for its player, and a row none of the
 * players shown needs (never a rebuild: a keystroke keeps its caret).
 * @param {Calculator} calc
 */
export function showAsked(calc) {
  /** @type {Set<string>[]} */
  const hiddenBy = calc.hiddenBy ?? [];
  placeTieParts(calc);
  for (const row of /** @type {NodeListOf<HTMLElement>} */ (calc.form.querySelectorAll("tr[data-row]"))) {
    const id = row.dataset.row ?? "";
    // A chip or number row (compact.js) hides each of its fields a player does not need,
    // and the player's whole cell when that is all of them.
    const members = row.dataset.members?.split(" ");
    let shown = 0;
    for (const cell of /** @type {NodeListOf<HTMLElement>} */ (row.querySelectorAll("td[data-col]"))) {
      const i = Number(cell.dataset.col);
      let off = !!hiddenBy[i]?.has(id);
      if (members) {
        for (const part of /** @type {NodeListOf<HTMLElement>} */ (cell.querySelectorAll("[data-cell]"))) {
          const hide = !!hiddenBy[i]?.has(part.dataset.cell ?? "");
          if (part.hidden !== hide) part.hidden = hide;
        }
        off = members.every((m) => hiddenBy[i]?.has(m));
      }
      const control = /** @type {HTMLElement | null} */ (cell.firstElementChild);
      if (!control) continue; // its field is in the row's other copy (placeTieParts)
      if (control.hidden !== off) control.hidden = off;
      if (!off && (calc.view !== "one" || i === calc.current)) shown++;
    }
    if (row.hidden !== !shown) row.hidden = !shown;
  }
  showHeads(calc);
}

/**
 * Hide a group's heading (and the tie fold's) when none of its rows is shown: from the
 * score track most of Tokaido's panoramas are asked only of Contemplation's holder.
 * @param {Calculator} calc
 */
function showHeads(calc) {
  /** @type {HTMLElement | null} */
  let head = null;
  let shown = false;
  /** @type {HTMLElement | null} */
  let fold = null;
  let inFold = false;
  const close = () => { if (head && head.hidden !== !shown) head.hidden = !shown; };
  for (const row of /** @type {NodeListOf<HTMLElement>} */ (calc.form.querySelectorAll(".rb-calc-grid tbody > tr"))) {
    if (row.classList.contains("rb-tie-fold")) {
      close();
      head = null;
      fold = row;
      continue;
    }
    if (row.classList.contains("rb-group")) {
      close();
      head = row;
      shown = false;
      continue;
    }
    if (!row.hidden) {
      shown = true;
      inFold ||= !!fold;
    }
  }
  close();
  if (fold && fold.hidden !== !inFold) fold.hidden = !inFold;
}

/**
 * Put each player's field of an input that counts for some players only on a tie in the
 * row that fits them: its own row where it counts for their total (Mitsukuni's
 * achievements from the score track), its copy in the tie fold where only a tie reads it.
 * The field moves as it is, never rebuilt; it moves only when another field (the
 * traveller, a calligraphy) changes whom it counts for.
 * @param {Calculator} calc
 */
function placeTieParts(calc) {
  for (const copy of /** @type {NodeListOf<HTMLElement>} */ (calc.form.querySelectorAll("tr[data-tie-copy]"))) {
    const main = calc.form.querySelector(`tr[data-row="${CSS.escape(copy.dataset.row ?? "")}"]:not([data-tie-copy])`);
    if (!main) continue;
    for (const cell of /** @type {NodeListOf<HTMLElement>} */ (copy.querySelectorAll("td[data-col]"))) {
      const i = cell.dataset.col ?? "";
      const own = main.querySelector(`td[data-col="${i}"]`);
      if (!own) continue;
      const [from, to] = calc.tieBy?.[Number(i)]?.has(copy.dataset.row ?? "") ? [own, cell] : [cell, own];
      if (from.firstChild) to.append(...from.childNodes);
    }
  }
}

/**
 * The inputs a tiebreaker reads for everyone and a total only for some players at this
 * table (needs.tie_unless): each gets a copy of its row in the tie fold. Not for the
 * fields of a chip or number row (one row for its whole group).
 * @returns {Set<string>}
 * @param {Calculator} calc
 */
export function tieParts(calc) {
  const parts = calc.game.needs?.tie_unless ?? [];
  if (!parts.length) return new Set();
  const settled = settle({ relevant: parts, implied: [] }, calc.context().options, calc.count);
  const chips = compactGroups(calc.game.scoring);
  const groups = new Map(calc.game.scoring.inputs.map((x) => [x.id, x.group]));
  return new Set(Object.keys(settled).filter((id) => settled[id] !== true && !chips.has(groups.get(id) ?? "")));
}

/** The inputs only a tiebreaker reads (no total, breakdown or check on the totals). @returns {Set<string>} @param {Calculator} calc */
export function tiebreakInputs(calc) {
  const needs = calc.game.needs;
  if (!needs) return new Set();
  const totals = new Set(needs.totals ?? []);
  return new Set(Object.values(needs.tiebreaks ?? {}).flat().filter((id) => !totals.has(/** @type {string} */ (id))));
}

/** The rivals at the table with the current options and player count. @param {Calculator} calc */
export function presentRivals(calc) {
  const c = calc.context();
  return (calc.game.scoring.rivals ?? []).filter((r) => calc.engine.rivalActive(r.id, c));
}

/**
 * The head of the fields needed only on a tie: a button that opens or closes them. They
 * stay in the form whatever the totals, so no keystroke moves a row.
 * @param {Calculator} calc
 */
export function foldRow(calc) {
  const t = calc.texts;
  const toggle = el("button", {
    type: "button", class: "rb-tie-toggle", "data-tie-fold": "", "data-focus-key": "tie-fold", "aria-expanded": String(calc.tieOpen),
    on: { click: () => openTies(calc, !calc.tieOpen) },
  }, t.node("calc_tie_fold"));
  return el("tr", { class: "rb-group rb-tie-fold" }, el("th", { scope: "rowgroup", colspan: calc.count + 1 }, toggle,
    el("small", { class: "rb-help" }, t.node("calc_tie_fold_help"))));
}

/** Open (or close) the fold of the fields needed only on a tie. @param {Calculator} calc @param {boolean} open */
export function openTies(calc, open) {
  calc.tieOpen = open;
  for (const row of calc.form.querySelectorAll("[data-tie-only]")) row.classList.toggle("rb-folded", !open);
  calc.form.querySelector("[data-tie-fold]")?.setAttribute("aria-expanded", String(open));
  calc.schedule(); // the list of what is not entered names the folded fields no more
}
