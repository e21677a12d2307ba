// The calculator and setup-generator widgets of the site's pages.
//
// Each widget is a <div data-calculator="<game>"> or <div data-setup="<game>"> whose
// data-island names a <script type="application/json"> the build wrote: the game's export
// (scorer/export.py) with its labels in the page's language, the interface strings, and the
// catalog contexts whose text is a fallback in another language. The form is built from the
// declared inputs; scores, problems and setups come from the runtime modules next to this
// file (scoring.js, validate.js, setup.js), which mirror the Python engine.
//
// The site ships this module and everything it imports joined into one file
// (rulebook/site/assets.py), so a page makes one request and the widgets are drawn as soon
// as the page is parsed.
//
// Every text goes in with textContent or setAttribute: content and translations are
// untrusted and never become markup.

import * as expr from "./expr.js";
import { registerOffline } from "./offline.js";
import * as scoring from "./scoring.js";
import * as setup from "./setup.js";
import * as validation from "./validate.js";
import { pluralForm, stepText } from "./kit.js";
import { attachCalculator, attachSetup } from "./table.js";

/** @typedef {{path: string, code?: string, params?: Record<string, any>, message?: string}} Problem */

// ----------------------------------------------------------------------------------------
// Small helpers
// ----------------------------------------------------------------------------------------

let uid = 0;
/** A fresh element id. @param {string} prefix */
const nextId = (prefix) => `rb-${prefix}-${++uid}`;

/**
 * Create an element. Attribute names are this file's own; values are set as attributes or
 * text, never parsed as HTML.
 * @param {string} tag @param {Record<string, any>} [attrs] @param {...any} children
 * @returns {HTMLElement}
 */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === "text") el.textContent = String(value);
    else if (key === "class") el.className = value;
    else if (key === "on") for (const [event, fn] of Object.entries(value)) el.addEventListener(event, fn);
    else if (key === "checked" || key === "selected" || key === "value") /** @type {any} */ (el)[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Whether a runtime value counts as true (arrays when not empty). @param {any} x */
const truthy = (x) => (Array.isArray(x) ? x.length > 0 : !!x);

/** Replace {name} placeholders; other braces stay. @param {string} text @param {Record<string, any>} values */
function fill(text, values) {
  return String(text).replace(/\{([a-z][a-z0-9_]*)\}/g, (all, name) =>
    Object.hasOwn(values, name) ? (Array.isArray(values[name]) ? values[name].join(", ") : String(values[name])) : all,
  );
}

/** The island a widget reads. @param {HTMLElement} el */
function readIsland(el) {
  const script = el.dataset.island ? document.getElementById(el.dataset.island) : null;
  if (!script) throw new Error(`no data island for ${el.dataset.calculator ?? el.dataset.setup}`);
  return JSON.parse(script.textContent ?? "");
}

/** Interface strings and fallback marks of one island. */
class Texts {
  /** @param {any} island */
  constructor(island) {
    this.language = island.language;
    this.ui = island.ui ?? {};
    this.fallback = island.fallback ?? {};
    /** @type {Record<string, {lang: string, forms: Record<string, string>, count?: string}>} */
    this.counts = island.counts ?? {};
  }

  /** An interface string, placeholders filled; a count phrase takes the form its number needs. @param {string} key @param {Record<string, any>} [values] */
  t(key, values = {}) {
    const phrase = this.counts[key];
    const n = phrase?.count != null ? values[phrase.count] : undefined;
    const text = phrase && typeof n === "number" ? pluralForm(phrase.forms, phrase.lang, n) : undefined;
    return fill(text ?? this.ui[key] ?? key, values);
  }

  /** The "not translated" mark shown after a fallback. */
  mark() {
    return h("small", {
      class: "rb-fallback-mark",
      title: this.t("not_translated"),
      lang: this.fallback["ui.not_translated_short"],
      text: this.t("not_translated_short"),
    });
  }

  /**
   * A content text (a label) as a node: marked and given its language when it falls back.
   * @param {string} text @param {string} context the catalog context of the text
   */
  text(text, context) {
    const lang = this.fallback[context];
    if (!lang) return document.createTextNode(String(text ?? ""));
    return h("span", {}, h("span", { class: "rb-fallback", lang, text }), this.mark());
  }

  /** An interface string as a node, marked when it is in English for want of a translation. @param {string} key @param {Record<string, any>} [values] */
  node(key, values) {
    return this.text(this.t(key, values), `ui.${key}`);
  }
}

// ----------------------------------------------------------------------------------------
// The runtime modules
// ----------------------------------------------------------------------------------------

/** The runtime modules the widgets call. */
const runtime = { scoring, validation, setup, expr };

/**
 * The ``when`` tests of a game's options, as functions of (options, table, choice data, n).
 * @param {any} game the export
 */
function optionWhens(game) {
  /** @type {Record<string, (O: any, T: any, D: any, n: number) => any>} */
  const found = {};
  for (const option of game.scoring.options ?? []) {
    if (option.when != null) found[option.id] = runtime.expr.tableFunction(option.when);
  }
  return found;
}

/** @param {((O: any, T: any, D: any, n: number) => any) | undefined} fn @param {any} c */
const holds = (fn, c) => !fn || truthy(fn(c.options, c.table, c.choiceData, c.n));

/**
 * One game's compiled scoring: ``evaluate(state) -> {problems, result}`` and the ``when``
 * tests of inputs, table choices and options.
 * @param {any} game the export
 */
function makeEngine(game) {
  const compiled = runtime.scoring.compileGame(game);
  const optionWhen = optionWhens(game);
  return {
    /** @param {string} id @param {any} c */
    inputActive: (id, c) => holds(compiled.inputWhen?.[id], c),
    /** @param {string} id @param {any} c */
    tableActive: (id, c) => holds(compiled.tableWhen?.[id], c),
    /** @param {string} id @param {any} c */
    optionActive: (id, c) => holds(optionWhen[id], c),
    /** @param {any} raw an end state @returns {{problems: Problem[], result?: any}} */
    evaluate(raw) {
      const { problems, state } = runtime.validation.check(compiled, raw);
      if (problems.length || !state) return { problems };
      return { problems: [], result: runtime.scoring.score(compiled, state) };
    },
  };
}

/** The choice data of the table's chosen tiles. @param {any} game @param {Record<string, any>} table */
function choiceData(game, table) {
  /** @type {Record<string, any>} */
  const data = {};
  for (const spec of game.scoring.table ?? []) {
    data[spec.id] = spec.choices.find((/** @type {any} */ c) => c.id === table[spec.id])?.data ?? {};
  }
  return data;
}

/** Form controls for the game's options. @param {any} game @param {Texts} texts @param {Record<string, any>} options @param {(id: string) => boolean} active @param {(id: string, value: any) => void} onChange @param {string} prefix */
function optionFields(game, texts, options, active, onChange, prefix) {
  const fields = [];
  for (const option of game.scoring.options ?? []) {
    if (!active(option.id)) continue;
    const id = nextId(`${prefix}-opt`);
    const context = `scoring.options.${option.id}`;
    const help = option.help ? h("small", { class: "rb-help" }, texts.text(option.help, `${context}.help`)) : null;
    if (option.kind === "flag") {
      fields.push(
        h("div", { class: "rb-field rb-field-check" },
          h("input", {
            type: "checkbox", id, checked: !!options[option.id], "data-option": option.id, "data-focus-key": `option:${option.id}`,
            on: { change: (/** @type {Event} */ e) => onChange(option.id, /** @type {HTMLInputElement} */ (e.target).checked) },
          }),
          h("label", { for: id }, texts.text(option.label, `${context}.label`)),
          help,
        ),
      );
    } else {
      const select = h("select", {
        id, "data-option": option.id, "data-focus-key": `option:${option.id}`,
        on: { change: (/** @type {Event} */ e) => onChange(option.id, /** @type {HTMLSelectElement} */ (e.target).value) },
      }, option.choices.map((/** @type {any} */ c) =>
        h("option", { value: c.id, selected: options[option.id] === c.id, text: c.label })));
      fields.push(h("div", { class: "rb-field" }, h("label", { for: id }, texts.text(option.label, `${context}.label`)), select, help));
    }
  }
  return fields;
}

// ----------------------------------------------------------------------------------------
// The calculator
// ----------------------------------------------------------------------------------------

/** @param {number} n @param {any} game */
const clampPlayers = (n, game) => Math.min(game.players.max, Math.max(game.players.min, n));

class Calculator {
  /** @param {HTMLElement} root @param {any} island */
  constructor(root, island) {
    this.root = root;
    this.game = island.export;
    this.texts = new Texts(island);
    this.engine = makeEngine(this.game);
    const s = this.game.scoring;
    this.count = clampPlayers(2, this.game);
    /** @type {Record<string, any>} */
    this.options = Object.fromEntries((s.options ?? []).map((/** @type {any} */ o) => [o.id, o.default]));
    /** @type {Record<string, any>} */
    this.table = Object.fromEntries((s.table ?? []).map((/** @type {any} */ t) => [t.id, null]));
    /** @type {string[]} */
    this.names = [];
    /** @type {Record<string, any>[]} */
    this.values = [];
    for (let i = 0; i < this.game.players.max; i++) {
      this.names.push(this.texts.t("default_player", { n: i + 1 }));
      this.values.push({});
    }
    this.form = h("form", { class: "rb-calc-form", novalidate: true, on: { submit: (/** @type {Event} */ e) => e.preventDefault() } });
    this.results = h("section", { class: "rb-calc-results", "aria-live": "polite", "data-results": "" });
    root.append(this.form, this.results);
    this.build();
  }

  /** What the `when` tests read. */
  context() {
    return { options: this.options, table: this.table, choiceData: choiceData(this.game, this.table), n: this.count };
  }

  /** The inputs asked with the current options, table and player count. */
  activeInputs() {
    const c = this.context();
    return this.game.scoring.inputs.filter((/** @type {any} */ spec) => this.engine.inputActive(spec.id, c));
  }

  /** Rebuild the whole form (after a change of options, table or player count). */
  build() {
    const active = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.focusKey : undefined;
    const t = this.texts;
    const s = this.game.scoring;
    const c = this.context();
    this.form.replaceChildren();

    const options = optionFields(this.game, t, this.options, (id) => this.engine.optionActive(id, c), (id, value) => {
      this.options[id] = value;
      this.build();
    }, "calc");
    if (options.length) this.form.append(h("fieldset", { class: "rb-calc-options" }, h("legend", {}, t.node("options")), options));

    const countId = nextId("calc-count");
    const count = h("select", {
      id: countId, "data-player-count": "", "data-focus-key": "count",
      on: { change: (/** @type {Event} */ e) => { this.count = Number(/** @type {HTMLSelectElement} */ (e.target).value); this.build(); } },
    });
    for (let n = this.game.players.min; n <= this.game.players.max; n++) count.append(h("option", { value: n, selected: n === this.count, text: n }));
    this.form.append(h("div", { class: "rb-field rb-field-inline" }, h("label", { for: countId }, t.node("player_count")), count));

    const tableFields = [];
    for (const spec of s.table ?? []) {
      if (!this.engine.tableActive(spec.id, c)) continue;
      const id = nextId("calc-table");
      const allowed = spec.choices_by_players?.[String(this.count)] ?? spec.choices.map((/** @type {any} */ x) => x.id);
      const select = h("select", {
        id, "data-table": spec.id, "data-focus-key": `table:${spec.id}`, "aria-describedby": `${id}-error`,
        on: { change: (/** @type {Event} */ e) => { this.table[spec.id] = /** @type {HTMLSelectElement} */ (e.target).value || null; this.build(); } },
      }, h("option", { value: "", text: `— ${t.t("not_chosen")} —` }),
      spec.choices.filter((/** @type {any} */ x) => allowed.includes(x.id)).map((/** @type {any} */ x) =>
        h("option", { value: x.id, selected: this.table[spec.id] === x.id, text: x.label })));
      tableFields.push(h("div", { class: "rb-field" },
        h("label", { for: id }, t.text(spec.label, `scoring.table.${spec.id}.label`)), select,
        h("span", { class: "rb-error", id: `${id}-error`, hidden: true, "data-error-for": `table.${spec.id}` })));
    }
    if (tableFields.length) this.form.append(h("fieldset", { class: "rb-calc-table" }, h("legend", {}, t.node("table_inputs")), tableFields));

    this.form.append(this.grid());
    this.form.append(h("p", { class: "rb-calc-actions" }, h("button", {
      type: "button", class: "md-button", "data-reset": "", "data-focus-key": "reset",
      on: { click: () => { this.values = this.values.map(() => ({})); this.build(); } },
    }, t.node("reset"))));

    if (active) /** @type {HTMLElement | null} */ (this.form.querySelector(`[data-focus-key="${CSS.escape(active)}"]`))?.focus();
    this.update();
  }

  /** The grid: a row per input, a column per player. */
  grid() {
    const t = this.texts;
    const s = this.game.scoring;
    const table = h("table", { class: "rb-calc-grid" });
    const head = h("tr", {}, h("th", { scope: "col", class: "rb-corner" }, t.node("players")));
    /** @type {string[]} */
    this.columnIds = [];
    for (let i = 0; i < this.count; i++) {
      const id = nextId("calc-name");
      this.columnIds.push(id);
      head.append(h("th", { scope: "col" },
        h("label", { class: "rb-visually-hidden", for: id, text: t.t("player_name", { n: i + 1 }) }),
        h("input", {
          id, type: "text", class: "rb-name", value: this.names[i], maxlength: 40, autocomplete: "off",
          "data-player-name": i, "data-focus-key": `name:${i}`, "aria-describedby": `${id}-error`,
          on: { input: (/** @type {Event} */ e) => { this.names[i] = /** @type {HTMLInputElement} */ (e.target).value; this.update(); } },
        }),
        h("span", { class: "rb-error", id: `${id}-error`, hidden: true, "data-error-for": `players[${i}]` })));
    }
    table.append(h("thead", {}, head));
    const body = h("tbody");
    let group = undefined;
    for (const spec of this.activeInputs()) {
      if (spec.group !== group) {
        group = spec.group;
        if (group && s.groups?.[group]) {
          body.append(h("tr", { class: "rb-group" }, h("th", { scope: "rowgroup", colspan: this.count + 1 },
            t.text(s.groups[group], `scoring.groups.${group}`))));
        }
      }
      const rowId = nextId("calc-row");
      const context = `scoring.inputs.${spec.id}`;
      const head = h("th", { scope: "row", id: rowId }, t.text(spec.label, `${context}.label`));
      if (spec.help) head.append(h("small", { class: "rb-help" }, t.text(spec.help, `${context}.help`)));
      if (spec.kind === "sequence") head.append(h("small", { class: "rb-help" }, t.t("sequence_help")));
      const row = h("tr", { "data-row": spec.id }, head);
      for (let i = 0; i < this.count; i++) row.append(h("td", {}, this.field(spec, i, rowId)));
      body.append(row);
    }
    table.append(body);
    return h("div", { class: "rb-scroll rb-calc-scroll" }, table);
  }

  /** The control of one input for one player. @param {any} spec @param {number} i @param {string} rowId */
  field(spec, i, rowId) {
    const t = this.texts;
    const id = nextId("calc-in");
    const common = {
      id, "data-input": spec.id, "data-player": i, "data-focus-key": `in:${spec.id}:${i}`,
      "aria-labelledby": `${rowId} ${this.columnIds?.[i]}`, "aria-describedby": `${id}-error`,
    };
    const current = this.values[i][spec.id];
    /** @param {any} value */
    const set = (value) => { this.values[i][spec.id] = value; this.update(); };
    let control;
    if (spec.kind === "flag") {
      control = h("input", { ...common, type: "checkbox", checked: !!current, on: { change: (/** @type {Event} */ e) => set(/** @type {HTMLInputElement} */ (e.target).checked) } });
    } else if (spec.kind === "choice" || spec.kind === "position") {
      const choices = spec.kind === "choice"
        ? spec.choices.map((/** @type {any} */ c) => [c.id, c.label])
        : Array.from({ length: this.count }, (_, k) => [String(k + 1), String(k + 1)]);
      const selected = current ?? (spec.kind === "choice" ? spec.default ?? "" : "");
      control = h("select", { ...common, on: { change: (/** @type {Event} */ e) => set(/** @type {HTMLSelectElement} */ (e.target).value) } },
        h("option", { value: "", text: "—" }),
        choices.map(([value, label]) => h("option", { value, selected: String(selected) === value, text: label })));
    } else {
      const limits = this.game.limits?.[spec.id] ?? {};
      control = h("input", {
        ...common,
        type: spec.kind === "count" ? "number" : "text",
        inputmode: spec.kind === "count" ? "numeric" : "text",
        min: spec.kind === "count" ? limits.min ?? spec.min : null,
        max: spec.kind === "count" ? limits.max ?? spec.max : null,
        step: spec.kind === "count" ? 1 : null,
        placeholder: spec.kind === "count" ? "0" : null,
        autocomplete: "off",
        value: current ?? "",
        on: { input: (/** @type {Event} */ e) => set(/** @type {HTMLInputElement} */ (e.target).value) },
      });
    }
    return [control, h("span", { class: "rb-error", id: `${id}-error`, hidden: true })];
  }

  /**
   * The end state the form describes, and the problems found before the runtime sees it
   * (text that is not a number).
   */
  state() {
    /** @type {Problem[]} */
    const local = [];
    const inputs = this.activeInputs();
    const players = [];
    for (let i = 0; i < this.count; i++) {
      /** @type {Record<string, any>} */
      const player = { name: this.names[i].trim() };
      for (const spec of inputs) {
        const raw = this.values[i][spec.id];
        const path = `players[${i}].${spec.id}`;
        if (spec.kind === "flag") {
          if (raw) player[spec.id] = true;
        } else if (spec.kind === "choice") {
          const value = raw ?? spec.default ?? "";
          if (value !== "") player[spec.id] = value;
        } else if (spec.kind === "position") {
          if (raw) player[spec.id] = Number(raw);
        } else if (spec.kind === "sequence") {
          const tokens = String(raw ?? "").split(/[\s,;]+/).filter(Boolean);
          if (tokens.some((x) => !/^-?\d+$/.test(x))) local.push({ path, code: "not_a_number" });
          else if (tokens.length) player[spec.id] = tokens.map(Number);
        } else {
          const text = String(raw ?? "").trim();
          if (text === "") continue;
          if (!/^-?\d+$/.test(text)) local.push({ path, code: "not_a_number" });
          else player[spec.id] = Number(text);
        }
      }
      players.push(player);
    }
    const table = Object.fromEntries(Object.entries(this.table).filter(([, v]) => v != null));
    return { state: { game: this.game.game, options: { ...this.options }, table, players }, local };
  }

  /** Recompute and show the result or the problems. */
  update() {
    const { state, local } = this.state();
    let problems = local;
    let result = null;
    if (!local.length) {
      try {
        const found = this.engine.evaluate(state);
        problems = found.problems;
        result = found.result ?? null;
      } catch (error) {
        problems = [{ path: "", message: String(/** @type {Error} */ (error).message ?? error) }];
      }
    }
    this.flag(problems);
    this.results.replaceChildren(...(problems.length ? this.problemList(problems) : this.resultView(result)));
    this.onUpdate?.(state, result); // the table tools (table.js)
  }

  /** The translated message of a problem. @param {Problem} p */
  message(p) {
    const t = this.texts;
    if (p.code === "constraint" && p.params?.message) return t.text(p.params.message, `scoring.constraints.${p.params.id}.message`);
    if (p.code && Object.hasOwn(t.ui, `problem_${p.code}`)) return t.node(`problem_${p.code}`, p.params ?? {});
    if (p.code === "not_a_number") return t.node("not_a_number");
    return h("span", { lang: "en", text: p.message ?? p.code ?? "" });
  }

  /** Mark the fields the problems point at. @param {Problem[]} problems */
  flag(problems) {
    for (const el of this.form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    for (const el of this.form.querySelectorAll(".rb-error")) { el.replaceChildren(); /** @type {HTMLElement} */ (el).hidden = true; }
    for (const p of problems) {
      for (const target of this.targets(p.path)) {
        target.setAttribute("aria-invalid", "true");
        const error = document.getElementById(`${target.id}-error`) ?? target.parentElement?.querySelector(".rb-error");
        if (error) {
          if (error.childNodes.length) error.append(" · ");
          error.append(this.message(p));
          /** @type {HTMLElement} */ (error).hidden = false;
        }
      }
    }
  }

  /** The form controls a problem path names. @param {string} path @returns {HTMLElement[]} */
  targets(path) {
    const form = this.form;
    const all = (/** @type {string} */ selector) => /** @type {HTMLElement[]} */ ([...form.querySelectorAll(selector)]);
    let m = /^players\[(\d+|\*)\](?:\.([a-z][a-z0-9_]*))?/.exec(path ?? "");
    if (m) {
      const player = m[1] === "*" ? "" : `[data-player="${m[1]}"]`;
      if (m[2] && m[2] !== "name") return all(`[data-input="${m[2]}"]${player}`);
      return m[1] === "*" ? all("[data-player-name]") : all(`[data-player-name="${m[1]}"]`);
    }
    if (path === "players") return all("[data-player-name]");
    if ((m = /^table\.([a-z][a-z0-9_]*)/.exec(path ?? ""))) return all(`[data-table="${m[1]}"]`);
    if ((m = /^options\.([a-z][a-z0-9_]*)/.exec(path ?? ""))) return all(`[data-option="${m[1]}"]`);
    return [];
  }

  /** Where a problem is, in words: the row's label and the player's name. @param {string} path */
  where(path) {
    const s = this.game.scoring;
    const shared = /^(table|options)\.([a-z][a-z0-9_]*)/.exec(path ?? "");
    if (shared) {
      const spec = (shared[1] === "table" ? s.table : s.options)?.find((/** @type {any} */ x) => x.id === shared[2]);
      return spec ? spec.label : path;
    }
    const m = /^players\[(\d+)\](?:\.([a-z][a-z0-9_]*))?/.exec(path ?? "");
    if (!m) return null;
    const spec = m[2] ? this.game.scoring.inputs.find((/** @type {any} */ s) => s.id === m[2]) : null;
    const name = this.names[Number(m[1])] || this.texts.t("default_player", { n: Number(m[1]) + 1 });
    return spec ? `${spec.label} (${name})` : name;
  }

  /** The problems, each with a button that focuses its field. @param {Problem[]} problems */
  problemList(problems) {
    const t = this.texts;
    const list = h("ul", { class: "rb-problems", "data-problems": "" });
    for (const p of problems) {
      const target = this.targets(p.path)[0];
      const where = this.where(p.path);
      const item = h("li", { "data-problem": p.code ?? "", "data-path": p.path ?? "" });
      if (target) {
        item.append(h("button", { type: "button", class: "rb-link", on: { click: () => target.focus() } }, where ?? p.path), ": ", this.message(p));
      } else {
        item.append(where ? `${where}: ` : "", this.message(p));
      }
      list.append(item);
    }
    return [h("h3", {}, t.node("results")), h("p", { class: "rb-problems-title" }, t.node("problems")), list, h("p", { class: "rb-help" }, t.node("fix_to_see"))];
  }

  /** The result: breakdown, total or key, rank, winners, tiebreaks, notices. @param {any} result */
  resultView(result) {
    const t = this.texts;
    if (!result) return [];
    const s = this.game.scoring;
    const players = result.players;
    const labels = Object.fromEntries(s.categories.map((/** @type {any} */ c) => [c.id, c.label]));
    const keyLabels = Object.fromEntries(s.ranking.keys.map((/** @type {any} */ k) => [k.value, k.label]));
    const head = h("tr", {}, h("th", { scope: "col" }, t.node("players")),
      players.map((/** @type {any} */ p, /** @type {number} */ i) => h("th", { scope: "col", "data-result-name": i, text: p.name })));
    const body = h("tbody");
    /** @param {Node} label @param {(p: any) => any} cell @param {string} key @param {string} [cls] */
    const row = (label, cell, key, cls) => body.append(h("tr", { class: cls, "data-result-row": key }, h("th", { scope: "row" }, label),
      players.map((/** @type {any} */ p, /** @type {number} */ i) => h("td", { "data-result": key, "data-player": i }, cell(p)))));
    for (const key of Object.keys(players[0]?.breakdown ?? {})) {
      row(t.text(labels[key] ?? key, `scoring.categories.${key}.label`), (p) => String(p.breakdown[key]), `breakdown.${key}`);
    }
    if (s.kind === "ranking_key") {
      const key = s.ranking.keys[0];
      row(t.text(key.label, `scoring.ranking.${key.value}.label`), (p) => (p.key ?? []).join(" "), "key", "rb-strong");
    } else {
      row(t.node("total"), (p) => String(p.total), "total", "rb-strong");
    }
    row(t.node("rank"), (p) => String(p.rank), "rank");
    row(t.node("winner"), (p) => (p.winner ? `★ ${t.t("yes")}` : t.t("no")), "winner", "rb-strong");
    row(t.node("tiebreak"), (p) => this.tiebreak(p, keyLabels), "tiebreak", "rb-tiebreak");
    const winners = result.winners ?? players.filter((/** @type {any} */ p) => p.winner).map((/** @type {any} */ p) => p.name);
    const out = [
      h("h3", {}, t.node("results")),
      h("div", { class: "rb-scroll rb-table rb-calc-result" }, h("table", {}, h("thead", {}, head), body)),
      h("p", { class: "rb-winners" }, t.node("winners"), ": ", h("strong", { "data-winners": "", text: winners.join(", ") || "—" })),
    ];
    if (result.notices?.length) {
      out.push(h("div", { class: "admonition warning rb-notices" },
        h("p", { class: "admonition-title" }, t.node("notices")),
        h("ul", {}, result.notices.map((/** @type {string} */ n) => {
          const check = (s.end_checks ?? []).find((/** @type {any} */ c) => c.message === n);
          return h("li", {}, t.text(n, check ? `scoring.end_checks.${check.id}.message` : ""));
        }))));
    }
    return out;
  }

  /** Why a player has their place. @param {any} p @param {Record<string, string>} keyLabels */
  tiebreak(p, keyLabels) {
    const t = this.texts;
    if (!p.decided_by) return "—";
    if (p.decided_by === "shared") return h("span", {}, t.node("shared_place"), p.against ? ` (${t.t("against", { name: p.against })})` : "");
    const step = (p.tiebreak ?? []).at(-1);
    const shown = (/** @type {any} */ v) => (Array.isArray(v) ? v.join(" ") : String(v));
    return h("span", {},
      t.text(keyLabels[p.decided_by] ?? p.decided_by, `scoring.ranking.${p.decided_by}.label`),
      step ? `: ${shown(step.mine)} / ${shown(step.theirs)}` : "",
      p.against ? ` (${t.t("against", { name: p.against })})` : "");
  }
}

// ----------------------------------------------------------------------------------------
// The setup generator
// ----------------------------------------------------------------------------------------

class SetupGenerator {
  /** @param {HTMLElement} root @param {any} island */
  constructor(root, island) {
    this.root = root;
    this.game = island.export;
    this.texts = new Texts(island);
    // Only the options' own tests are needed here: the island of a setup page carries no scoring.
    /** @type {Record<string, (O: any, T: any, D: any, n: number) => any> | null} */
    this.optionWhen = (() => { try { return optionWhens(this.game); } catch { return null; } })();
    const params = new URLSearchParams(location.search);
    const asked = Number(params.get("players"));
    this.count = clampPlayers(Number.isInteger(asked) && asked > 0 ? asked : 2, this.game);
    const given = params.getAll("name");
    /** @type {string[]} */
    this.names = Array.from({ length: this.game.players.max }, (_, i) => given[i] ?? this.texts.t("default_player", { n: i + 1 }));
    /** @type {Record<string, any>} */
    this.options = {};
    for (const option of this.game.scoring.options ?? []) {
      const value = params.get(`opt.${option.id}`);
      this.options[option.id] = value == null ? option.default
        : option.kind === "flag" ? value === "true" || value === "1"
        : value;
    }
    this.seed = params.get("seed") ?? "";
    this.form = h("form", { class: "rb-setup-form", novalidate: true, on: { submit: (/** @type {Event} */ e) => { e.preventDefault(); this.generate(); } } });
    this.output = h("div", { class: "rb-setup-output", "aria-live": "polite", "data-setup-output": "" });
    root.append(this.form, this.output);
    this.build();
    if (params.has("seed")) this.generate();
  }

  build() {
    const t = this.texts;
    this.form.replaceChildren();
    const countId = nextId("setup-count");
    const count = h("select", {
      id: countId, "data-setup-players": "",
      on: { change: (/** @type {Event} */ e) => { this.count = Number(/** @type {HTMLSelectElement} */ (e.target).value); this.build(); /** @type {HTMLElement} */ (this.form.querySelector("[data-setup-players]")).focus(); } },
    });
    for (let n = this.game.players.min; n <= this.game.players.max; n++) count.append(h("option", { value: n, selected: n === this.count, text: n }));
    this.form.append(h("div", { class: "rb-field rb-field-inline" }, h("label", { for: countId }, t.node("player_count")), count));

    const names = h("fieldset", { class: "rb-setup-names" }, h("legend", {}, t.node("players")));
    for (let i = 0; i < this.count; i++) {
      const id = nextId("setup-name");
      names.append(h("div", { class: "rb-field" }, h("label", { for: id, text: t.t("player_name", { n: i + 1 }) }),
        h("input", {
          id, type: "text", value: this.names[i], maxlength: 40, autocomplete: "off", "data-setup-name": i,
          on: { input: (/** @type {Event} */ e) => { this.names[i] = /** @type {HTMLInputElement} */ (e.target).value; } },
        })));
    }
    this.form.append(names);

    const c = { options: this.options, table: {}, choiceData: {}, n: this.count };
    const options = optionFields(this.game, t, this.options, (id) => !this.optionWhen || holds(this.optionWhen[id], c), (id, value) => {
      this.options[id] = value;
      this.build();
      /** @type {HTMLElement | null} */ (this.form.querySelector(`[data-option="${CSS.escape(id)}"]`))?.focus();
    }, "setup");
    if (options.length) this.form.append(h("fieldset", { class: "rb-setup-options" }, h("legend", {}, t.node("options")), options));

    const seedId = nextId("setup-seed");
    this.form.append(h("div", { class: "rb-field" }, h("label", { for: seedId }, t.node("seed_label")),
      h("input", {
        id: seedId, type: "text", value: this.seed, autocomplete: "off", spellcheck: "false", "data-setup-seed": "",
        on: { input: (/** @type {Event} */ e) => { this.seed = /** @type {HTMLInputElement} */ (e.target).value.trim(); } },
      })));
    this.form.append(h("p", {}, h("button", { type: "submit", class: "md-button md-button--primary", "data-setup-generate": "" }, t.node("generate"))));
  }

  /** The link that reproduces this setup. @param {any} result */
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

  generate() {
    const t = this.texts;
    const names = this.names.slice(0, this.count).map((n, i) => n.trim() || t.t("default_player", { n: i + 1 }));
    let result;
    try {
      result = runtime.setup.makeSetup(this.game, this.count, this.seed, names, { ...this.options });
    } catch (error) {
      this.output.replaceChildren(h("p", { class: "rb-error", "data-setup-error": "", lang: "en", text: String(/** @type {Error} */ (error).message ?? error) }));
      return;
    }
    this.seed = result.seed;
    const seedField = /** @type {HTMLInputElement | null} */ (this.form.querySelector("[data-setup-seed]"));
    if (seedField) seedField.value = result.seed;
    const url = this.link(result);
    history.replaceState(history.state, "", url);
    this.output.replaceChildren(...this.view(result, url));
  }

  /** The checklist. @param {any} result @param {URL} url */
  view(result, url) {
    const t = this.texts;
    const steps = Object.fromEntries(this.game.setup.steps.map((/** @type {any} */ s) => [s.id, s]));
    const out = [];
    out.push(h("p", { class: "rb-setup-summary" },
      t.node("first_player"), ": ", h("strong", { "data-first-player": "", text: result.first_player }),
      " · ", t.node("seed"), ": ", h("code", { "data-seed": "", text: result.seed })));
    out.push(h("p", {}, t.node("turn_order"), ": ", h("span", { "data-turn-order": "", text: result.turn_order.join(" → ") })));
    if (this.game.setup.first_player_text) out.push(h("p", {}, t.text(this.game.setup.first_player_text, "setup.first_player_text")));
    const list = h("ol", { class: "rb-checklist", "data-checklist": "" });
    for (const step of result.steps) {
      const declared = steps[step.id] ?? {};
      const component = declared.deal?.component;
      const id = nextId("setup-step");
      const item = h("li", { "data-step": step.id },
        h("input", { type: "checkbox", id }),
        h("label", { for: id }, t.text(fill(stepText(declared, step), step.values ?? {}), `setup.steps.${step.id}.text`)));
      const details = h("ul", { class: "rb-dealt" });
      /** @param {any} x */
      const itemName = (x) => t.text(x.name, `components.${component}.items.${x.id}.name`);
      for (const [name, items] of Object.entries(step.per_player ?? {})) {
        details.append(h("li", { "data-dealt-to": name }, h("strong", { text: name }), ": ",
          /** @type {any[]} */ (items).flatMap((x, k) => (k ? [", ", itemName(x)] : [itemName(x)]))));
      }
      (step.table ?? []).forEach((/** @type {any} */ x, /** @type {number} */ k) => {
        const slot = step.slots?.[k];
        details.append(h("li", { "data-dealt-to": "table" }, slot ? t.text(`${slot}: `, `setup.steps.${step.id}.deal.slots.${k + 1}`) : "", itemName(x)));
      });
      for (const [name, amount] of Object.entries(step.per_seat ?? {})) {
        details.append(h("li", { "data-seat": name }, h("strong", { text: name }), `: ${amount}`));
      }
      if (details.childNodes.length) item.append(details);
      list.append(item);
    }
    out.push(list);
    const copied = h("span", { class: "rb-copied", role: "status" });
    out.push(h("p", { class: "rb-setup-link" },
      h("a", { href: url.toString(), "data-setup-link": "" }, t.node("link_to_setup")), " ",
      h("button", {
        type: "button", class: "md-button",
        on: { click: async () => {
          try { await navigator.clipboard.writeText(url.toString()); copied.textContent = t.t("copied"); } catch { copied.textContent = ""; }
        } },
      }, t.node("copy_link")), " ", copied));
    return out;
  }
}

// ----------------------------------------------------------------------------------------
// Mounting
// ----------------------------------------------------------------------------------------

/** @param {HTMLElement} el @param {(el: HTMLElement, island: any) => any} make */
function mount(el, make) {
  if (el.dataset.mounted) return;
  el.dataset.mounted = "true";
  let island;
  try {
    island = readIsland(el);
  } catch (error) {
    console.error(error);
    return;
  }
  try {
    make(el, island);
    el.dataset.ready = "true";
  } catch (error) {
    console.error(error);
    el.append(h("p", { class: "rb-error", "data-runtime-error": "" }, new Texts(island).node("runtime_missing")));
    el.dataset.ready = "error";
  }
}

function mountAll() {
  for (const el of document.querySelectorAll("[data-calculator]")) mount(/** @type {HTMLElement} */ (el), (e, i) => attachCalculator(new Calculator(e, i), i));
  for (const el of document.querySelectorAll("[data-setup]")) mount(/** @type {HTMLElement} */ (el), (e, i) => attachSetup(new SetupGenerator(e, i), i));
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
  const follow = () => /** @type {any} */ (window).document$?.subscribe?.(mountAll);
  if (/** @type {any} */ (window).document$) follow();
  else document.addEventListener("DOMContentLoaded", follow, { once: true });
}
