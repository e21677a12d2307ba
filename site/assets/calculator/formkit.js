// What the calculator and the setup generator share in building their forms: element ids,
// a problem's message, the fields of the game's options, the player count's bounds.
//
// Every text goes in with textContent or setAttribute: content and translations are
// untrusted and never become markup.

import { el, Words } from "./kit.js";
import { ProblemWords } from "./problems.js";
import { blankRows } from "./rows.js";

/**
 * @typedef {import("./problems.js").Problem} Problem
 * @typedef {import("../../../tools/typecheck/export").Export} Export
 * @typedef {import("./expr.js").Options} Options
 */

let uid = 0;
/** A fresh element id. @param {string} prefix */
export const nextId = (prefix) => `rb-${prefix}-${++uid}`;

/**
 * A problem's message as a node, marked when its words fall back to another language.
 * @param {Words} words @param {ProblemWords} said @param {Problem} p
 */
export function problemText(words, said, p) {
  const context = p.code == "constraint" ? `scoring.constraints.${p.params.id}.message` : `ui.problem_${p.code}`;
  return words.text(said.message(p), context);
}

/** Form controls for the game's options. @param {{scoring: Pick<Export["scoring"], "options">}} game @param {Words} texts @param {Options} options @param {(id: string) => boolean} active @param {(id: string, value: string | boolean) => void} onChange @param {string} prefix */
export function optionFields(game, texts, options, active, onChange, prefix) {
  const fields = [];
  // How to enter the scores (the score track) comes before the game's own options.
  const all = game.scoring.options ?? [];
  const ordered = [...all.filter((o) => o.category === "entry"), ...all.filter((o) => o.category !== "entry")];
  for (const option of ordered) {
    if (!active(option.id)) continue;
    const id = nextId(`${prefix}-opt`);
    const context = `scoring.options.${option.id}`;
    const help = option.help ? el("small", { class: "rb-help" }, texts.text(option.help, `${context}.help`)) : null;
    if (option.kind === "flag") {
      fields.push(
        el("div", { class: "rb-field rb-field-check" },
          el("input", {
            type: "checkbox", id, checked: !!options[option.id], "data-option": option.id, "data-focus-key": `option:${option.id}`,
            on: { change: (/** @type {Event} */ e) => onChange(option.id, /** @type {HTMLInputElement} */ (e.target).checked) },
          }),
          el("label", { for: id }, texts.text(option.label, `${context}.label`)),
          help,
        ),
      );
    } else {
      const select = el("select", {
        id, "data-option": option.id, "data-focus-key": `option:${option.id}`,
        on: { change: (/** @type {Event} */ e) => onChange(option.id, /** @type {HTMLSelectElement} */ (e.target).value) },
      }, option.choices.map((c) =>
        el("option", { value: c.id, selected: options[option.id] === c.id, text: c.label })));
      fields.push(el("div", { class: "rb-field" }, el("label", { for: id }, texts.text(option.label, `${context}.label`)), select, help));
    }
  }
  return fields;
}

// ----------------------------------------------------------------------------------------
// The calculator
// ----------------------------------------------------------------------------------------

/** Whether a field holds an entry (an unticked box and blank text hold none). @param {unknown} v */
export const given = (v) => v != null && v !== false && String(v).trim() !== "" && !blankRows(v);

/** @param {number} n @param {Pick<Export, "players">} game */
export const clampPlayers = (n, game) => Math.min(game.players.max, Math.max(game.players.min, n));
