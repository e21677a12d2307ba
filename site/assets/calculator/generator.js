// The setup generator widget: the player count, the names, the options that change the
// setup and a seed; the checklist drawn from them (setup.js, checklist.js), and a link that
// makes the same setup again. Opened with no request, it shows the table's kept names and
// setup (currenttable.js).
//
// Every text goes in with textContent or setAttribute: content and translations are
// untrusted and never become markup.

import { checklist, rememberNames, rememberSetup, restoreTable } from "./checklist.js";
import { clampPlayers, nextId, optionFields, problemText } from "./formkit.js";
import { el, Words } from "./kit.js";
import { applicableOptions } from "./legality.js";
import { echoOf, excerpt, ProblemWords } from "./problems.js";
import { MAX_NAME } from "./share.js";
import { holds, optionWhens, runtime } from "./runtime.js";

/**
 * @typedef {import("./problems.js").Problem} Problem
 * @typedef {import("./setup.js").SetupGame} SetupGame
 * @typedef {import("./expr.js").Options} Options
 * @typedef {import("./runtime.js").When} When
 * @typedef {ReturnType<typeof runtime.setup.makeSetup>} Setup  a setup made (setup.js)
 */

export class SetupGenerator {
  /** @param {HTMLElement} root @param {import("../../../tools/typecheck/export").SetupIsland} island */
  constructor(root, island) {
    this.root = root;
    this.game = island.export;
    this.texts = new Words(island);
    // Only the options' own tests are needed here: the island of a setup page carries no scoring.
    /** @type {Record<string, When> | null} */
    this.optionWhen = (() => { try { return optionWhens(this.game); } catch { return null; } })();
    const params = new URLSearchParams(location.search);
    const asked = Number(params.get("players"));
    this.count = clampPlayers(Number.isInteger(asked) && asked > 0 ? asked : 2, this.game);
    const given = params.getAll("name");
    /** @type {string[]} */
    this.names = Array.from({ length: this.game.players.max }, (_, i) => given[i] ?? this.texts.t("default_player", { n: i + 1 }));
    /** @type {Options} */
    this.options = {};
    for (const option of this.game.scoring.options ?? []) {
      const value = params.get(`opt.${option.id}`);
      this.options[option.id] = value == null ? option.default
        : option.kind === "flag" ? value === "true" || value === "1"
        : value;
    }
    this.seed = params.get("seed") ?? "";
    /** @type {Set<string>} the steps ticked at the table */
    this.ticked = new Set();
    /** @type {Setup | null} the setup shown, which the form's changes make again */
    this.result = null;
    // Opened without a request, the page shows the table's kept names and setup (store.js).
    const restored = !params.has("seed") && !location.hash.slice(1) && restoreTable(this);
    this.form = el("form", { class: "rb-setup-form", novalidate: true, on: { submit: (/** @type {Event} */ e) => { e.preventDefault(); this.ticked = new Set(); this.generate(); } } });
    this.output = el("div", { class: "rb-setup-output", "aria-live": "polite", "data-setup-output": "" });
    root.append(this.form, this.output);
    this.build();
    if (params.has("seed") || restored) this.generate();
  }

  build() {
    const t = this.texts;
    this.form.replaceChildren();
    const countId = nextId("setup-count");
    const count = el("select", {
      id: countId, "data-setup-players": "",
      on: { change: (/** @type {Event} */ e) => { this.count = Number(/** @type {HTMLSelectElement} */ (e.target).value); rememberNames(this); this.build(); this.follow(); /** @type {HTMLElement} */ (this.form.querySelector("[data-setup-players]")).focus(); } },
    });
    for (let n = this.game.players.min; n <= this.game.players.max; n++) count.append(el("option", { value: n, selected: n === this.count, text: n }));
    this.form.append(el("div", { class: "rb-field rb-field-inline" }, el("label", { for: countId }, t.node("player_count")), count));

    const names = el("fieldset", { class: "rb-setup-names" }, el("legend", {}, t.node("players")));
    for (let i = 0; i < this.count; i++) {
      const id = nextId("setup-name");
      names.append(el("div", { class: "rb-field" }, el("label", { for: id, text: t.t("player_name", { n: i + 1 }) }),
        el("input", {
          id, type: "text", value: this.names[i], maxlength: MAX_NAME, autocomplete: "off", "data-setup-name": i,
          on: { input: (/** @type {Event} */ e) => { this.names[i] = /** @type {HTMLInputElement} */ (e.target).value; rememberNames(this); this.follow(true); } },
        })));
    }
    this.form.append(names);

    const c = { options: applicableOptions(this.game, this.options, this.count).options, table: {}, choiceData: {}, n: this.count };
    // How a table enters its scores (from the score track) is no part of a setup.
    const entry = new Set((this.game.scoring.options ?? []).filter((o) => o.category === "entry").map((o) => o.id));
    const options = optionFields(this.game, t, this.options, (id) => !entry.has(id) && (!this.optionWhen || holds(this.optionWhen[id], c)), (id, value) => {
      this.options[id] = value;
      this.build();
      this.follow();
      /** @type {HTMLElement | null} */ (this.form.querySelector(`[data-option="${CSS.escape(id)}"]`))?.focus();
    }, "setup");
    if (options.length) this.form.append(el("fieldset", { class: "rb-setup-options" }, el("legend", {}, t.node("options")), options));

    const seedId = nextId("setup-seed");
    this.form.append(el("div", { class: "rb-field" }, el("label", { for: seedId }, t.node("seed_label")),
      el("input", {
        id: seedId, type: "text", value: this.seed, autocomplete: "off", spellcheck: "false", "data-setup-seed": "",
        on: { input: (/** @type {Event} */ e) => { this.seed = /** @type {HTMLInputElement} */ (e.target).value.trim(); } },
      })));
    // "Make the setup" keeps the code in the field (a shared setup, made again); "New draw"
    // draws another table with a fresh code.
    this.form.append(el("p", { class: "rb-setup-buttons" },
      el("button", { type: "submit", class: "md-button md-button--primary", "data-setup-generate": "" }, t.node("generate")), " ",
      el("button", {
        type: "button", class: "md-button", "data-setup-new-draw": "",
        on: { click: () => { this.seed = ""; this.ticked = new Set(); this.generate(); } },
      }, t.node("new_draw"))));
  }

  /**
   * Once a checklist is shown, it follows the form: a new count, option or name makes it
   * again with the same code, so no list for another table stays under the form. Ticks stay
   * on the steps that read and deal the same as before.
   * @param {boolean} [quiet] the list is remade as a name is typed: not read out
   */
  follow(quiet = false) {
    if (!this.result) return;
    // Made again on every keystroke of a name (``quiet``): a screen reader would read the
    // whole list each time, so the live region is silent while the list follows the names.
    if (quiet) this.output.setAttribute("aria-live", "off");
    try {
      const before = stepKeys(this.result);
      const after = this.generate();
      if (!after) return;
      const now = stepKeys(after);
      const kept = new Set([...this.ticked].filter((id) => before.has(id) && before.get(id) === now.get(id)));
      if (kept.size === this.ticked.size) return;
      this.ticked = kept;
      this.generate();
    } finally {
      this.output.setAttribute("aria-live", "polite");
    }
  }

  /** The link that reproduces this setup. @param {Setup} result */
  link(result) {
    const params = new URLSearchParams();
    params.set("players", String(result.players.length));
    for (const name of result.players) params.append("name", name);
    for (const [key, value] of Object.entries(result.options ?? {})) params.set(`opt.${key}`, String(value));
    params.set("seed", result.seed);
    const url = new URL(location.href);
    url.search = params.toString();
    url.hash = "rb-generator";
    return url;
  }

  /** Make the checklist from the form; the result, or null when the table is refused. */
  generate() {
    const t = this.texts;
    const names = this.names.slice(0, this.count).map((n, i) => (n.trim() ? n : t.t("default_player", { n: i + 1 })));
    let result;
    try {
      result = runtime.setup.makeSetup(this.game, this.count, this.seed, names, applicableOptions(this.game, this.options, this.count).options);
    } catch (error) {
      const problems = /** @type {{problems?: Problem[]}} */ (error).problems;
      if (!problems) throw error;
      delete this.output.dataset.players;
      const said = new ProblemWords(this.game, t, names.map((n) => excerpt(n, echoOf(this.game.player_name))));
      this.output.replaceChildren(el("ul", { class: "rb-error rb-problems", "data-setup-error": "" },
        problems.map((p) => {
          const where = said.where(p);
          return el("li", { "data-problem": p.code, "data-loc": JSON.stringify(p.loc) }, where ? `${where}: ` : "", problemText(t, said, p));
        })));
      return null;
    }
    this.seed = result.seed;
    const seedField = /** @type {HTMLInputElement | null} */ (this.form.querySelector("[data-setup-seed]"));
    if (seedField) seedField.value = result.seed;
    rememberSetup(this, result);
    const url = this.link(result);
    history.replaceState(history.state, "", url);
    this.output.replaceChildren(...checklist(this, result, url));
    // The count the list shown is for, beside the form's (tests and styles read it).
    this.output.dataset.players = String(result.players.length);
    this.result = result;
    return result;
  }
}

/**
 * What each step of a setup says and deals, by step id, with the players in seat order
 * rather than by name: renaming a player changes no step's ticks.
 * @param {Setup} result @returns {Map<string, string>}
 */
function stepKeys(result) {
  return new Map(result.steps.map((s) => [s.id, JSON.stringify([s.text, s.values, Object.values(s.per_player ?? {}), s.table, s.slots, Object.values(s.per_seat ?? {})])]));
}

