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

import { checklist, rememberNames, rememberSetup, restoreTable } from "./checklist.js";
import { compactGroups, CompactRows, helpBehindButtons } from "./compact.js";
import * as expr from "./expr.js";
import { tableField, tableState, whenReadsTable } from "./fields.js";
import { el, setAttr, setText, Words } from "./kit.js";
import { applicableOptions } from "./legality.js";
import { registerOffline } from "./offline.js";
import { hidden as hiddenInputs, placeDependents, settle, tieOnly } from "./relevance.js";
import { labelList, rivalVerdict, sayVerdict, unscored, verdict } from "./explain.js";
import { excerpt, ProblemWords } from "./problems.js";
import { blankRows, parseRows, rowsControl, rowsValue, rowTargets, sharedSpec, sharedTargets } from "./rows.js";
import * as scoring from "./scoring.js";
import * as setup from "./setup.js";
import { attachCalculator, attachSetup } from "./table.js";
import * as validation from "./validate.js";
import { truthy } from "./values.js";

/** @typedef {import("./problems.js").Problem} Problem */
/** A row of a breakdown: its label, a player's cell (by index), its key. @typedef {{label: Node, cell: (i: number) => any, key: string, cls?: string}} BreakdownRow */

let uid = 0;
/** A fresh element id. @param {string} prefix */
const nextId = (prefix) => `rb-${prefix}-${++uid}`;

/** The island a widget reads. @param {HTMLElement} root */
function readIsland(root) {
  const script = root.dataset.island ? document.getElementById(root.dataset.island) : null;
  if (!script) throw new Error(`no data island for ${root.dataset.calculator ?? root.dataset.setup}`);
  return JSON.parse(script.textContent ?? "");
}

/**
 * A problem's message as a node, marked when its words fall back to another language.
 * @param {Words} words @param {ProblemWords} said @param {Problem} p
 */
function problemText(words, said, p) {
  const context = p.code == "constraint" ? `scoring.constraints.${p.params.id}.message` : `ui.problem_${p.code}`;
  return words.text(said.message(p), context);
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

/**
 * The asked inputs with each flag that a choice implies (``implies``: Patience's arrival,
 * the Patience calligraphy) replaced by that choice: the form asks the choice in the
 * flag's place and ticks the flag from it (state()).
 * @param {any[]} asked @returns {any[]}
 */
function implying(asked) {
  const ids = new Set(asked.map((s) => s.id));
  /** @type {Map<string, any>} the flag id -> the choice that implies it */
  const by = new Map(asked.filter((s) => s.kind === "choice" && s.implies && ids.has(s.implies)).map((s) => [s.implies, s]));
  if (!by.size) return asked;
  const moved = new Set([...by.values()].map((s) => s.id));
  return asked.flatMap((s) => (by.has(s.id) ? [by.get(s.id)] : moved.has(s.id) ? [] : [s]));
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
    /** Whether the scoring reads a count only as "at least" here (``reached``). @param {string} id @param {any} c */
    reached: (id, c) => !!compiled.reachedWhen?.[id] && holds(compiled.reachedWhen[id], c),
    /** Whether a player may leave a choice empty (none of those that count). @param {string} id @param {any} c */
    mayBeEmpty: (id, c) => !!compiled.mayBeEmpty?.[id] && holds(compiled.mayBeEmpty[id], c),
    /** @param {string} id @param {any} c */
    optionActive: (id, c) => holds(optionWhen[id], c),
    /** Whether a table field offers a choice (a 2-player tile only at two). @param {string} table @param {string} choice @param {any} c */
    choiceOffered: (table, choice, c) => holds(/** @type {any} */ (compiled.choiceWhen?.[table]?.[choice]), c),
    /** @param {string} id @param {any} c */
    rivalActive: (id, c) => holds(compiled.rivalWhen?.[id], c),
    /**
     * Every problem of an end state, and its result when the totals stand (no problem,
     * or only problems in fields no total reads).
     * While problems stand, ``partial`` is what can be counted meanwhile: the result of
     * the state with each faulty input at its default, and those inputs.
     * ``hidden``: per player, the inputs that do not count for them (askedOf()).
     * @param {any} raw an end state @param {Set<string>[] | null} [hidden]
     * @returns {{problems: Problem[], result: any, partial: {result: any, faulty: Set<string>} | null}}
     */
    evaluate(raw, hidden = null) {
      const { problems, state, partial } = runtime.validation.check(compiled, raw, hidden);
      if (state) return { problems, result: runtime.scoring.score(compiled, state), partial: null };
      let counted = null;
      try {
        if (partial) counted = { result: runtime.scoring.score(compiled, partial.state), faulty: partial.faulty };
      } catch {
        counted = null; // a state the scorer cannot count yet: no running total
      }
      return { problems, result: null, partial: counted };
    },
  };
}

/** Form controls for the game's options. @param {any} game @param {Words} texts @param {Record<string, any>} options @param {(id: string) => boolean} active @param {(id: string, value: any) => void} onChange @param {string} prefix */
function optionFields(game, texts, options, active, onChange, prefix) {
  const fields = [];
  // How to enter the scores (the score track) comes before the game's own options.
  const all = game.scoring.options ?? [];
  const ordered = [...all.filter((/** @type {any} */ o) => o.category === "entry"), ...all.filter((/** @type {any} */ o) => o.category !== "entry")];
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
      }, option.choices.map((/** @type {any} */ c) =>
        el("option", { value: c.id, selected: options[option.id] === c.id, text: c.label })));
      fields.push(el("div", { class: "rb-field" }, el("label", { for: id }, texts.text(option.label, `${context}.label`)), select, help));
    }
  }
  return fields;
}

// ----------------------------------------------------------------------------------------
// The calculator
// ----------------------------------------------------------------------------------------

/** Whether a field holds an entry (an unticked box and blank text hold none). @param {any} v */
const given = (v) => v != null && v !== false && String(v).trim() !== "" && !blankRows(v);

/** Counts up to this many get − / + buttons. */
const STEPPER_MAX = 12;

/** @param {number} n @param {any} game */
const clampPlayers = (n, game) => Math.min(game.players.max, Math.max(game.players.min, n));

class Calculator {
  /** @param {HTMLElement} root @param {any} island */
  constructor(root, island) {
    this.root = root;
    this.game = island.export;
    this.texts = new Words(island);
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
    /** What the table enters for each rival (a neutral traveller's coins), by rival id. @type {Record<string, Record<string, any>>} */
    this.rivalValues = {};
    for (let i = 0; i < this.game.players.max; i++) {
      this.names.push(this.texts.t("default_player", { n: i + 1 }));
      this.values.push({});
    }
    /** Called after each change with the end state and its final result (table.js). @type {((state: any, result: any) => void) | undefined} */
    this.onUpdate = undefined;
    /** The words of the current problems. @type {ProblemWords | undefined} */
    this.said = undefined;
    // One player at a time on a phone (their fields, name and total in a sticky bar), every
    // player side by side where the columns fit. The reader can switch either way.
    /** @type {"one" | "all"} */
    this.view = typeof matchMedia === "function" && matchMedia("(max-width: 44.9375em)").matches ? "one" : "all";
    /** Whether the screen is a phone's: the breakdown is then a card per player. @type {MediaQueryList | null} */
    this.narrow = typeof matchMedia === "function" ? matchMedia("(max-width: 44.9375em)") : null;
    this.narrow?.addEventListener?.("change", () => this.schedule());
    /** The player shown in the one-player view. */
    this.current = 0;
    /** Whether the totals tie (the fields needed only on a tie then count). */
    this.tied = false;
    /**
     * Whether the fold of the fields needed only on a tie is open. Those fields are always
     * in the form (a keystroke that makes the totals tie or untie never adds or removes a
     * row under the fingers); the table opens the fold, or a link to one of its fields does.
     */
    this.tieOpen = false;
    /** Whether fit() follows the window's size. */
    this.fitting = false;
    /** @type {WeakMap<Element, string>} what each field's error line shows (flag()) */
    this.errorLines = new WeakMap();
    /** Whether an update is already queued for this task (schedule()). */
    this.pending = false;
    /** The last update's end state and final result (null while problems stand). @type {[any, any] | undefined} */
    this.last = undefined;
    /** Watches the grid's box: fit() once the browser has laid it out. @type {ResizeObserver | null} */
    this.sizes = typeof ResizeObserver === "function" ? new ResizeObserver(() => this.fit()) : null;
    this.form = el("form", { class: "rb-calc-form", novalidate: true, on: { submit: (/** @type {Event} */ e) => e.preventDefault() } });
    /**
     * The fields the table has changed (by focus key). An empty field nobody has touched
     * yet is not an error: a fresh form shows no red, and the results list it as still to
     * enter. Captured before the field's own handler, which recomputes the problems.
     * @type {Set<string>}
     */
    this.edited = new Set();
    const edit = (/** @type {Event} */ e) => {
      const key = /** @type {HTMLElement} */ (e.target).closest?.("[data-focus-key]")?.getAttribute("data-focus-key");
      if (key) this.edited.add(key);
    };
    this.form.addEventListener("input", edit, true);
    this.form.addEventListener("change", edit, true);
    this.results = el("section", { class: "rb-calc-results", "aria-live": "polite", "data-results": "" });
    root.append(this.form, this.results);
    this.build();
  }

  /** What the `when` tests read: an option that does not apply (hidden) at its default. */
  context() {
    return { options: applicableOptions(this.game, this.options, this.count).options, table: tableState(this.game, this.table, true, this.count), choiceData: runtime.validation.choiceData(this.game, this.table), n: this.count };
  }

  /**
   * The inputs asked with the current options, table and player count. The score track's
   * own inputs come first; the inputs only a tiebreaker reads come last, in their fold.
   */
  activeInputs() {
    const c = this.context();
    const tiebreakOnly = this.tiebreakOnly();
    const asked = implying(this.game.scoring.inputs.filter((/** @type {any} */ spec) => this.engine.inputActive(spec.id, c)));
    const track = this.game.scoring.score_track;
    const first = new Set(track && this.options.score_track ? ["track_points", ...(track.facts ?? []).map((/** @type {any} */ f) => f.id)] : []);
    /** @param {any} s */
    const order = (s) => (first.has(s.id) ? 0 : tiebreakOnly.has(s.id) ? 2 : 1);
    const settled = this.settled();
    const sections = [0, 1, 2].map((k) => asked.filter((/** @type {any} */ s) => order(s) === k && settled[s.id] !== false));
    const placed = placeDependents(sections, settled);
    /** Each input asked only under a condition on another field: that field's id. */
    this.after = placed.after;
    return placed.order;
  }

  /**
   * The counts the scoring reads only as "at least" with the form's options and player
   * count (``reached``: from Tokaido's score track, the panoramas Contemplation reads),
   * each with its bound. @returns {Map<string, number>}
   */
  reachedNow() {
    const c = this.context();
    return new Map(this.game.scoring.inputs.filter((/** @type {any} */ s) => s.reached && this.engine.reached(s.id, c)).map((/** @type {any} */ s) => [s.id, s.reached.at]));
  }

  /**
   * Per input that counts only under a condition (needs.relevant): true or false with the
   * form's options and player count (false: asked of nobody), else that condition on the
   * player's own fields (relevance.js).
   * @returns {Record<string, any>}
   */
  settled() {
    const needs = this.game.needs;
    return needs?.relevant ? settle(needs, this.context().options, this.count) : {};
  }

  /**
   * Take out of each player's entries what does not count for them (their value is not
   * counted, nor missing) and put in the facts their other entries imply (a score track's
   * meal prices from the meals by price). showAsked() then shows the fields to match.
   * @param {Record<string, any>[]} players the end state's players @param {any[]} inputs the asked inputs
   */
  askedOf(players, inputs) {
    const needs = this.game.needs;
    /** @type {Set<string>[]} per player, the asked inputs that do not count for them */
    const hiddenBy = players.map(() => new Set());
    this.hiddenBy = hiddenBy;
    /** @type {Set<string>[]} per player, the asked inputs that count for them only on a tie */
    const tieBy = players.map(() => new Set());
    this.tieBy = tieBy;
    if (!needs?.relevant) return;
    const parts = this.tieParts();
    const implies = new Set(inputs.filter((/** @type {any} */ s) => s.implies).map((/** @type {any} */ s) => s.id));
    const ids = inputs.map((/** @type {any} */ s) => s.id);
    const defaults = Object.fromEntries(this.game.scoring.inputs.map((/** @type {any} */ s) => [s.id, runtime.validation.defaultValue(this.game, s)]));
    const options = this.context().options;
    players.forEach((player, i) => {
      const [found, implied] = hiddenInputs(needs, player, defaults, ids, options, this.count);
      // A choice that implies a flag is asked of everyone, whatever that flag says.
      const hide = found.filter((id) => !implies.has(id));
      if (parts.size) tieBy[i] = new Set(tieOnly(needs, player, defaults, ids, options, this.count).filter((id) => parts.has(id)));
      for (const id of hide) delete player[id];
      Object.assign(player, implied);
      hiddenBy[i] = new Set(hide);
    });
  }

  /**
   * Hide, in place, each field that does not count for its player, and a row none of the
   * players shown needs (never a rebuild: a keystroke keeps its caret).
   */
  showAsked() {
    /** @type {Set<string>[]} */
    const hiddenBy = this.hiddenBy ?? [];
    this.placeTieParts();
    for (const row of /** @type {NodeListOf<HTMLElement>} */ (this.form.querySelectorAll("tr[data-row]"))) {
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
        if (!off && (this.view !== "one" || i === this.current)) shown++;
      }
      if (row.hidden !== !shown) row.hidden = !shown;
    }
    this.showHeads();
  }

  /**
   * Hide a group's heading (and the tie fold's) when none of its rows is shown: from the
   * score track most of Tokaido's panoramas are asked only of Contemplation's holder.
   */
  showHeads() {
    /** @type {HTMLElement | null} */
    let head = null;
    let shown = false;
    /** @type {HTMLElement | null} */
    let fold = null;
    let inFold = false;
    const close = () => { if (head && head.hidden !== !shown) head.hidden = !shown; };
    for (const row of /** @type {NodeListOf<HTMLElement>} */ (this.form.querySelectorAll(".rb-calc-grid tbody > tr"))) {
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
   */
  placeTieParts() {
    for (const copy of /** @type {NodeListOf<HTMLElement>} */ (this.form.querySelectorAll("tr[data-tie-copy]"))) {
      const main = this.form.querySelector(`tr[data-row="${CSS.escape(copy.dataset.row ?? "")}"]:not([data-tie-copy])`);
      if (!main) continue;
      for (const cell of /** @type {NodeListOf<HTMLElement>} */ (copy.querySelectorAll("td[data-col]"))) {
        const i = cell.dataset.col ?? "";
        const own = main.querySelector(`td[data-col="${i}"]`);
        if (!own) continue;
        const [from, to] = this.tieBy?.[Number(i)]?.has(copy.dataset.row ?? "") ? [own, cell] : [cell, own];
        if (from.firstChild) to.append(...from.childNodes);
      }
    }
  }

  /**
   * The inputs a tiebreaker reads for everyone and a total only for some players at this
   * table (needs.tie_unless): each gets a copy of its row in the tie fold. Not for the
   * fields of a chip or number row (one row for its whole group).
   * @returns {Set<string>}
   */
  tieParts() {
    const parts = this.game.needs?.tie_unless ?? [];
    if (!parts.length) return new Set();
    const settled = settle({ relevant: parts, implied: [] }, this.context().options, this.count);
    const chips = compactGroups(this.game.scoring);
    const groups = Object.fromEntries(this.game.scoring.inputs.map((/** @type {any} */ x) => [x.id, x.group]));
    return new Set(Object.keys(settled).filter((id) => settled[id] !== true && !chips.has(groups[id])));
  }

  /** Whether anything is entered for a player or a rival (a fresh form announces nothing). */
  anythingEntered() {
    return this.values.slice(0, this.count).some((row) => Object.values(row).some(given))
      || Object.values(this.rivalValues).some((row) => Object.values(row ?? {}).some(given))
      // Rows the players share are entered once, for the table.
      || (this.game.scoring.table ?? []).some((/** @type {any} */ spec) => spec.kind === "rows" && given(this.table[spec.id]));
  }

  /** The inputs only a tiebreaker reads (no total, breakdown or check on the totals). @returns {Set<string>} */
  tiebreakOnly() {
    const needs = this.game.needs;
    if (!needs) return new Set();
    const totals = new Set(needs.totals ?? []);
    return new Set(Object.values(needs.tiebreaks ?? {}).flat().filter((id) => !totals.has(/** @type {string} */ (id))));
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
    if (options.length) this.form.append(el("fieldset", { class: "rb-calc-options" }, el("legend", {}, t.node("options")), options));

    const countId = nextId("calc-count");
    const count = el("select", {
      id: countId, "data-player-count": "", "data-focus-key": "count",
      on: { change: (/** @type {Event} */ e) => { this.count = Number(/** @type {HTMLSelectElement} */ (e.target).value); this.build(); } },
    });
    for (let n = this.game.players.min; n <= this.game.players.max; n++) count.append(el("option", { value: n, selected: n === this.count, text: n }));
    this.form.append(el("div", { class: "rb-field rb-field-inline" }, el("label", { for: countId }, t.node("player_count")), count));

    const tableFields = [];
    for (const spec of s.table ?? []) {
      if (!this.engine.tableActive(spec.id, c)) continue;
      const id = nextId("calc-table");
      if (spec.kind === "rows") {
        // Rows the players share: one list for the table, a number per player in each row.
        const names = Array.from({ length: this.count }, (_, i) => this.nameOf(i));
        tableFields.push(el("div", { class: "rb-field" },
          el("span", { id, class: "rb-rows-label" }, t.text(spec.label, `scoring.table.${spec.id}.label`)),
          rowsControl({ spec: sharedSpec(spec, names), player: -1, table: true, value: this.table[spec.id] ?? "", labelledBy: id, nextId,
            label: (text, context) => t.text(text, context), t: (key, params) => t.t(key, params),
            onChange: (text) => { this.table[spec.id] = text || null; this.schedule(); } })));
        continue;
      }
      // Only the choices legal here (player count, options); one chosen before the count
      // changed stays listed, so its problem names what the field shows.
      const offered = (/** @type {any} */ x) => this.table[spec.id] === x.id || this.engine.choiceOffered(spec.id, x.id, c);
      const field = tableField(spec, this.table[spec.id], offered);
      const common = { id, "data-table": spec.id, "data-focus-key": `table:${spec.id}`, "aria-describedby": `${id}-error` };
      const select = field.control === "number"
        ? el("input", {
          ...common, type: "number", inputmode: "numeric", pattern: "[0-9]*", min: field.min, max: field.max, step: 1,
          placeholder: String(field.min), autocomplete: "off", value: field.value,
          on: {
            input: (/** @type {Event} */ e) => { this.table[spec.id] = /** @type {HTMLInputElement} */ (e.target).value || null; this.schedule(); },
            change: () => whenReadsTable(this.game, spec.id) && this.build(),
          },
        })
        : el("select", {
          ...common,
          on: { change: (/** @type {Event} */ e) => { this.table[spec.id] = /** @type {HTMLSelectElement} */ (e.target).value || null; this.build(); } },
        }, el("option", { value: "", text: `— ${t.t("not_chosen")} —` }),
        field.choices.map((x) => el("option", { value: x.id, selected: x.selected, text: x.label })));
      const help = spec.help ? el("small", { class: "rb-help", id: `${id}-help` }, t.text(spec.help, `scoring.table.${spec.id}.help`)) : null;
      if (help) select.setAttribute("aria-describedby", `${id}-help ${id}-error`);
      tableFields.push(el("div", { class: "rb-field" },
        el("label", { for: id }, t.text(spec.label, `scoring.table.${spec.id}.label`)), select, help,
        el("span", { class: "rb-error", id: `${id}-error`, hidden: true, "data-error-for": `table.${spec.id}` })));
    }
    if (tableFields.length) this.form.append(el("fieldset", { class: "rb-calc-table" }, el("legend", {}, t.node("table_inputs")), helpBehindButtons(tableFields, t)));
    this.form.append(...this.rivalFields());

    this.form.append(this.viewSwitch(), this.grid());
    this.show(this.current);
    this.fitWhenLaidOut();
    this.form.append(el("p", { class: "rb-calc-actions" }, el("button", {
      type: "button", class: "md-button", "data-reset": "", "data-focus-key": "reset",
      on: { click: () => {
        this.values = this.values.map(() => ({}));
        // Rows the players share are this game's entries too (a choice drawn for the table stays).
        for (const spec of s.table ?? []) if (spec.kind === "rows") this.table[spec.id] = null;
        this.build();
      } },
    }, t.node("reset"))));

    if (active) /** @type {HTMLElement | null} */ (this.form.querySelector(`[data-focus-key="${CSS.escape(active)}"]`))?.focus();
    this.update();
  }

  /** The two views of the form, as a pair of toggle buttons. */
  viewSwitch() {
    const t = this.texts;
    const button = (/** @type {"one" | "all"} */ view, /** @type {string} */ key) => el("button", {
      type: "button", class: "md-button rb-view-button", "aria-pressed": String(this.view === view), "data-view": view,
      "data-focus-key": `view:${view}`,
      on: { click: () => { this.view = view; this.build(); } },
    }, t.node(key));
    return el("div", { class: "rb-view-switch", role: "group", "aria-label": t.t("calc_view") },
      button("one", "calc_view_one"), button("all", "calc_view_all"));
  }

  /**
   * The player switcher of the one-player view: a tab per player with their name and
   * running total; it stays at the top of the screen while their fields scroll by.
   */
  switcher() {
    const t = this.texts;
    const bar = el("div", { class: "rb-switcher", role: "group", "aria-label": t.t("calc_switch_player"), "data-switcher": "" });
    for (let i = 0; i < this.count; i++) {
      bar.append(el("button", {
        type: "button", class: "rb-switch", "aria-pressed": String(i === this.current), "data-switch": i, "data-focus-key": `switch:${i}`,
        on: { click: () => this.show(i) },
      }, el("span", { class: "rb-visually-hidden", "data-switch-name": i, text: this.nameOf(i) }),
      el("span", { class: "rb-switch-name", "aria-hidden": "true", "data-switch-label": i, text: this.tabLabel(i) }),
      el("output", { class: "rb-running", "data-running-total": i, "data-tab-total": "" })));
    }
    return bar;
  }

  /** Player ``i``'s name as entered, or their seat's default name. @param {number} i */
  nameOf(i) {
    return this.names[i]?.trim() || this.defaultName(i);
  }

  /** The default name of seat ``i`` ("Player 2"). @param {number} i */
  defaultName(i) {
    return this.texts.t("default_player", { n: i + 1 });
  }

  /**
   * What player ``i``'s tab shows: a name the table typed, or else the seat number alone.
   * Default names ("Player 1", «Гравець 1») share their first word, so in a narrow tab
   * they were cut to the same «Граве…» on every tab; the number is what tells them apart.
   * @param {number} i
   */
  tabLabel(i) {
    const name = this.names[i]?.trim();
    return !name || name === this.texts.t("default_player", { n: i + 1 }) ? String(i + 1) : name;
  }

  /** Show player ``i`` in the one-player view, and focus their first field. @param {number} i */
  show(i) {
    this.current = i;
    for (const cell of /** @type {NodeListOf<HTMLElement>} */ (this.form.querySelectorAll("[data-col]"))) {
      cell.classList.toggle("rb-off", this.view === "one" && cell.dataset.col !== String(i));
    }
    for (const b of this.form.querySelectorAll("[data-switch]")) b.setAttribute("aria-pressed", String(b.getAttribute("data-switch") === String(i)));
    this.showAsked();
    this.nextLabel();
  }

  /**
   * The button under a player's fields: the next player's, or on the last player the way
   * to the results (a button with a class is shown whatever its ``hidden`` says, so it
   * never hides: it changes what it does).
   */
  nextLabel() {
    const next = /** @type {HTMLElement | null} */ (this.form.querySelector("[data-next-player]"));
    if (!next) return;
    const last = this.current + 1 >= this.count;
    next.toggleAttribute("data-last", last);
    setText(next, last ? this.texts.t("calc_see_results") : this.texts.t("calc_next_player", { name: this.nameOf(this.current + 1) }));
  }

  /**
   * Where the grid's head row sticks: under the site's header when every column fits the
   * page (the page scrolls), else at the top of the grid's own box, which then scrolls
   * both ways inside the page.
   */
  fit() {
    const box = /** @type {HTMLElement | null} */ (this.form.querySelector(".rb-calc-scroll"));
    if (!box) return;
    box.classList.remove("rb-scrolls");
    box.classList.toggle("rb-scrolls", box.scrollWidth > box.clientWidth + 1);
    // Where resize observers exist, the grid's own follows its size (fitWhenLaidOut()).
    if (!this.fitting && !this.sizes) {
      this.fitting = true;
      addEventListener("resize", () => this.fit());
    }
  }

  /**
   * fit() the new grid once the browser lays it out (a resize observer's first call comes
   * after layout and before paint), instead of measuring it at once: that made the browser
   * lay out the whole page inside the calculator's first task, before it was ever shown.
   */
  fitWhenLaidOut() {
    const box = this.form.querySelector(".rb-calc-scroll");
    if (!this.sizes || !box) return this.fit();
    this.sizes.disconnect();
    this.sizes.observe(box);
  }

  /** Focus a field, first showing its player in the one-player view. @param {HTMLElement} target */
  reveal(target) {
    if (target.closest("[data-tie-only]")) this.openTies(true);
    const col = /** @type {HTMLElement | null} */ (target.closest("[data-col]"));
    if (col && this.view === "one") this.show(Number(col.dataset.col));
    target.focus();
  }

  /** The grid: a row per input, a column per player; the names and totals stay in view. */
  /** A fieldset per rival at the table that has inputs: what the table counts for it. */
  rivalFields() {
    const t = this.texts;
    const inputs = Object.fromEntries(this.game.scoring.inputs.map((/** @type {any} */ x) => [x.id, x]));
    return this.presentRivals().filter((/** @type {any} */ r) => r.inputs?.length).map((/** @type {any} */ rival) => {
      const values = (this.rivalValues[rival.id] ??= {});
      const c = this.context();
      const fields = rival.inputs.filter((/** @type {string} */ input) => this.engine.inputActive(input, c)).map((/** @type {string} */ input) => {
        const id = nextId("calc-rival");
        const flag = inputs[input].kind === "flag";
        const label = this.rivalLabel(rival, inputs[input]);
        if (inputs[input].kind === "rows") {
          // A list of records, as a player's (rows.js), labelled by the rival's own words.
          const labelId = `${id}-label`;
          return el("div", { class: "rb-field" }, el("span", { id: labelId, class: "rb-rows-label" }, label),
            rowsControl({ spec: inputs[input], player: -1, rival: rival.id, value: values[input], labelledBy: labelId, nextId,
              label: (text, context) => t.text(text, context), t: (key, params) => t.t(key, params),
              onChange: (text) => { values[input] = text; this.schedule(); } }));
        }
        const common = { id, "data-rival": rival.id, "data-input": input, "data-focus-key": `rival:${rival.id}:${input}`, "aria-describedby": `${id}-error` };
        const control = flag
          ? el("input", { ...common, type: "checkbox", checked: !!values[input],
            on: { change: (/** @type {Event} */ e) => { values[input] = /** @type {HTMLInputElement} */ (e.target).checked; this.schedule(); } } })
          : el("input", { ...common, type: "number", inputmode: "numeric", min: 0, step: 1, placeholder: "0", autocomplete: "off", value: values[input] ?? "",
            on: { input: (/** @type {Event} */ e) => { values[input] = /** @type {HTMLInputElement} */ (e.target).value; this.schedule(); } } });
        return el("div", { class: "rb-field" },
          el("label", { for: id }, label), control,
          el("span", { class: "rb-error", id: `${id}-error`, hidden: true }));
      });
      return el("fieldset", { class: "rb-calc-rival", "data-rival-fields": rival.id },
        el("legend", {}, t.text(rival.label, `scoring.rivals.${rival.id}.label`)),
        ...(rival.help ? [el("p", { class: "rb-help" }, t.text(rival.help, `scoring.rivals.${rival.id}.help`))] : []),
        fields);
    });
  }

  /**
   * A rival's field label: its own, in the third person ("Regions where Seishin owns a
   * building"), else the player's.
   * @param {any} rival @param {any} spec the input
   */
  rivalLabel(rival, spec) {
    const own = (rival.labels ?? []).find((/** @type {any} */ l) => l.input === spec.id);
    return own
      ? this.texts.text(own.label, `scoring.rivals.${rival.id}.labels.${spec.id}.label`)
      : this.texts.text(spec.label, `scoring.inputs.${spec.id}.label`);
  }

  /** The rivals at the table with the current options and player count. */
  presentRivals() {
    const c = this.context();
    return (this.game.scoring.rivals ?? []).filter((/** @type {any} */ r) => this.engine.rivalActive(r.id, c));
  }

  grid() {
    const t = this.texts;
    const s = this.game.scoring;
    const one = this.view === "one";
    if (this.current >= this.count) this.current = 0;
    const table = el("table", { class: `rb-calc-grid rb-view-${this.view}`, "data-view-shown": this.view });
    const head = el("tr", {}, el("th", { scope: "col", class: "rb-corner" }, t.node("players")));
    /** @type {string[]} */
    this.columnIds = [];
    for (let i = 0; i < this.count; i++) {
      const id = nextId("calc-name");
      this.columnIds.push(id);
      head.append(el("th", { scope: "col", "data-col": i, class: "rb-player-head" },
        el("label", { class: "rb-visually-hidden", for: id, text: t.t("player_name", { n: i + 1 }) }),
        // The seat's default name is a placeholder, not a value to erase first; an empty
        // field is the seat's default name.
        el("input", {
          id, type: "text", class: "rb-name", value: this.names[i] === this.defaultName(i) ? "" : this.names[i], maxlength: 40, autocomplete: "off",
          placeholder: this.defaultName(i),
          "data-player-name": i, "data-focus-key": `name:${i}`, "aria-describedby": `${id}-error`,
          on: { input: (/** @type {Event} */ e) => {
            const typed = /** @type {HTMLInputElement} */ (e.target).value;
            this.names[i] = typed.trim() ? typed : this.defaultName(i);
            // The shared rows name each player's numbers: they follow the new name.
            for (const who of this.form.querySelectorAll(`[data-row-who="${i}"]`)) who.textContent = ` (${this.nameOf(i)})`;
            this.schedule();
          } },
        }),
        el("output", { class: "rb-running", "data-running-total": i }),
        el("span", { class: "rb-error", id: `${id}-error`, hidden: true, "data-error-for": `players[${i}]` })));
    }
    table.append(el("thead", {}, head));
    const body = el("tbody");
    let group = undefined;
    const tiebreakOnly = this.tiebreakOnly();
    const parts = this.tieParts();
    this.state(); // whom each of those counts for only on a tie (askedOf)
    // A table opened with tiebreak entries (a link, Undo, a kept game) shows them; a
    // keystroke never rebuilds the form, so the fold never opens under the fingers.
    /** Whether player ``i`` enters ``id`` in the fold. @param {number} i @param {string} id */
    const folded = (i, id) => tiebreakOnly.has(id) || (parts.has(id) && !!this.tieBy?.[i]?.has(id));
    if (this.values.slice(0, this.count).some((row, i) => Object.keys(row).some((id) => folded(i, id) && given(row[id])))) this.tieOpen = true;
    let inFold = false;
    /** A row of the fold is hidden while the fold is closed. @param {HTMLElement} row */
    const fold = (row) => {
      if (!inFold) return row;
      row.setAttribute("data-tie-only", "");
      row.classList.toggle("rb-folded", !this.tieOpen);
      return row;
    };
    const shown = this.activeInputs();
    // Chip rows and help buttons (compact.js): the rows themselves are built there.
    const rows = new CompactRows(this, shown);
    for (const spec of shown) {
      if (rows.skip(spec)) continue;
      if (!inFold && tiebreakOnly.has(spec.id)) {
        inFold = true;
        group = undefined;
        rows.newSection();
        body.append(this.foldRow());
      }
      const dependent = !rows.compact(spec) && this.after?.has(spec.id);
      const section = rows.section(spec);
      if (!dependent && section !== group) {
        group = section;
        rows.newSection();
        if (group && s.groups?.[group] && rows.headed(group)) {
          body.append(fold(el("tr", { class: "rb-group" }, el("th", { scope: "rowgroup", colspan: this.count + 1 },
            t.text(s.groups[group], `scoring.groups.${group}`)))));
        }
      }
      const row = rows.row(spec);
      // A field shown under the one it depends on (main's placing) keeps that place.
      if (dependent) {
        row.classList.add("rb-dependent");
        row.setAttribute("data-after", this.after?.get(spec.id) ?? "");
      }
      body.append(fold(row));
    }
    // The copies, in the fold, of the rows some players need only on a tie (showAsked()
    // puts each player's field in one of the two).
    const copies = shown.filter((/** @type {any} */ spec) => parts.has(spec.id));
    if (copies.length && !inFold) {
      inFold = true;
      rows.newSection();
      body.append(this.foldRow());
    }
    for (const spec of copies) body.append(fold(rows.tieCopy(spec)));
    table.append(body);
    const box = el("div", { class: `rb-calc-scroll rb-view-${this.view}` }, table);
    if (!one) return box;
    const next = el("button", {
      type: "button", class: "md-button rb-next-player", "data-next-player": "", "data-focus-key": "next-player",
      on: { click: () => {
        if (this.current + 1 >= this.count) {
          this.results.scrollIntoView({ block: "start" });
          return;
        }
        this.show(this.current + 1);
        /** @type {HTMLElement | null} */ (this.form.querySelector(`[data-col="${this.current}"] input, [data-col="${this.current}"] select`))?.focus();
        this.form.querySelector("[data-switcher]")?.scrollIntoView({ block: "nearest" });
      } },
    });
    return el("div", { class: "rb-one-player" }, this.switcher(), box, el("p", {}, next));
  }

  /**
   * The head of the fields needed only on a tie: a button that opens or closes them. They
   * stay in the form whatever the totals, so no keystroke moves a row.
   */
  foldRow() {
    const t = this.texts;
    const toggle = el("button", {
      type: "button", class: "rb-tie-toggle", "data-tie-fold": "", "data-focus-key": "tie-fold", "aria-expanded": String(this.tieOpen),
      on: { click: () => this.openTies(!this.tieOpen) },
    }, t.node("calc_tie_fold"));
    return el("tr", { class: "rb-group rb-tie-fold" }, el("th", { scope: "rowgroup", colspan: this.count + 1 }, toggle,
      el("small", { class: "rb-help" }, t.node("calc_tie_fold_help"))));
  }

  /** Open (or close) the fold of the fields needed only on a tie. @param {boolean} open */
  openTies(open) {
    this.tieOpen = open;
    for (const row of this.form.querySelectorAll("[data-tie-only]")) row.classList.toggle("rb-folded", !open);
    this.form.querySelector("[data-tie-fold]")?.setAttribute("aria-expanded", String(open));
    this.schedule(); // the list of what is not entered names the folded fields no more
  }

  /**
   * The running totals beside the names and in the switcher: the total once it stands,
   * else, while something is missing or wrong, "at least N" from what is counted so far.
   * @param {any} result @param {{result: any, faulty: Set<string>} | null} [partial]
   */
  runningTotals(result, partial = null) {
    const t = this.texts;
    const points = this.game.scoring.kind === "points";
    const floors = !result && partial && points ? this.counted(partial).floors : null;
    for (const out of /** @type {NodeListOf<HTMLElement>} */ (this.form.querySelectorAll("[data-running-total]"))) {
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
      setText(out, !p ? "" : bare ? t.num(p.total) : points ? t.count("points", p.total) : (p.key ?? []).join(" "));
      setAttr(out, "aria-label", bare ? t.count("points", p.total) : null);
    }
    for (const name of /** @type {NodeListOf<HTMLElement>} */ (this.form.querySelectorAll("[data-switch-name]"))) {
      setText(name, this.nameOf(Number(name.dataset.switchName)));
    }
    for (const label of /** @type {NodeListOf<HTMLElement>} */ (this.form.querySelectorAll("[data-switch-label]"))) {
      setText(label, this.tabLabel(Number(label.dataset.switchLabel)));
    }
    this.nextLabel(); // it names the next player, whose name may just have changed
  }

  /**
   * Per player, the least their total can be from what is entered. A category counts as
   * it stands unless it reads a faulty or missing input (the partial state holds its
   * default, for every player), or compares players and reads a field some player has
   * not filled in yet (a majority goes to whoever enters more later): such a category
   * counts at most 0 (its value with the defaults, when below 0; a category only goes
   * below 0 through an input whose least value is negative, and then no floor is given).
   * @param {{result: any, faulty: Set<string>}} partial
   * @returns {{open: Set<string>, floors: (number | null)[]}} the categories not counted yet, and the floors
   */
  counted(partial) {
    const needs = this.game.needs ?? {};
    const reads = needs.categories ?? {};
    const compared = new Set(needs.compared ?? []);
    const inputs = Object.fromEntries(this.game.scoring.inputs.map((/** @type {any} */ x) => [x.id, x]));
    const negative = (/** @type {string} */ id) => (this.game.limits?.[id]?.min ?? inputs[id]?.min ?? 0) < 0;
    const rows = this.values.slice(0, this.count);
    const empty = (/** @type {string} */ id) => ["count", "sequence"].includes(inputs[id]?.kind) && rows.some((row) => !given(row[id]));
    /** @type {Set<string>} the categories not counted yet */
    const open = new Set();
    let unbounded = false;
    for (const [category, read] of Object.entries(reads)) {
      const faulty = /** @type {string[]} */ (read).filter((id) => partial.faulty.has(id));
      if (faulty.length || (compared.has(category) && /** @type {string[]} */ (read).some(empty))) open.add(category);
      if (faulty.some(negative)) unbounded = true;
    }
    const floors = partial.result.players.map((/** @type {any} */ p) => {
      if (unbounded) return null;
      return Object.entries(p.breakdown ?? {}).reduce((sum, [id, v]) => sum + (open.has(id) ? Math.min(0, Number(v)) : Number(v)), 0);
    });
    return { open, floors };
  }

  /**
   * While problems stand, what is counted so far: a row per category whose inputs are
   * all in (and that someone scored in), and each player's "at least" total; the same
   * cards as the result on a phone.
   * @param {{result: any, faulty: Set<string>}} partial
   */
  soFar(partial) {
    const t = this.texts;
    if (this.game.scoring.kind !== "points") return [];
    const { open, floors } = this.counted(partial);
    const players = partial.result.players;
    const labels = Object.fromEntries(this.game.scoring.categories.map((/** @type {any} */ c) => [c.id, c.label]));
    const shown = Object.keys(players[0]?.breakdown ?? {}).filter((id) => !open.has(id) && players.some((/** @type {any} */ p) => p.breakdown[id]));
    if (!shown.length) return [];
    /** @type {number[]} */
    const order = players.map((/** @type {any} */ _, /** @type {number} */ i) => i);
    /** @type {BreakdownRow[]} */
    const rows = shown.map((id) => ({ label: t.text(labels[id] ?? id, `scoring.categories.${id}.label`), cell: (i) => t.num(players[i].breakdown[id]), key: `breakdown.${id}` }));
    const floor = (/** @type {number} */ i) => { const n = floors[i]; return n == null ? "?" : t.t("calc_at_least", { total: t.num(n) }); };
    rows.push({ label: t.node("total"), cell: floor, key: "total", cls: "rb-strong" });
    return [
      el("p", { class: "rb-problems-title", "data-so-far-title": "" }, t.node("calc_so_far")),
      // Nobody has won anything yet: no star.
      this.breakdown(players.map((/** @type {any} */ p) => ({ ...p, winner: false })), order, rows, "so-far"),
    ];
  }

  /**
   * The control of one input for one player. A ``plain`` count gets no − and + buttons
   * (a box in a number row, where a line holds six). @param {any} spec @param {number} i
   * @param {string} rowId @param {{plain?: boolean}} [how]
   */
  field(spec, i, rowId, how = {}) {
    const t = this.texts;
    const id = nextId("calc-in");
    const common = {
      id, "data-input": spec.id, "data-player": i, "data-focus-key": `in:${spec.id}:${i}`,
      "aria-labelledby": `${rowId} ${this.columnIds?.[i]}`, "aria-describedby": `${id}-error`,
    };
    const current = this.values[i][spec.id];
    /** @param {any} value */
    const set = (value) => { this.values[i][spec.id] = value; this.schedule(); };
    if (spec.kind === "rows") {
      const labelledBy = `${rowId} ${this.columnIds?.[i]}`;
      return [rowsControl({ spec, player: i, value: current, labelledBy, nextId, label: (text, context) => t.text(text, context), t: (key, params) => t.t(key, params), onChange: set })];
    }
    let control;
    const at = spec.kind === "count" && this.reachedNow().get(spec.id);
    if (at) {
      // Read only as "at least at": a box that gives that number, or nothing (ui: reached).
      const box = el("input", {
        ...common, type: "checkbox", checked: Number(current) >= at, "data-reached": at,
        on: { change: (/** @type {Event} */ e) => set(/** @type {HTMLInputElement} */ (e.target).checked ? String(at) : "") },
      });
      const error = el("span", { class: "rb-error", id: `${id}-error`, hidden: true });
      return [el("label", { class: "rb-reached" }, box, el("span", {}, t.t("calc_reached", { count: t.num(at) }))), error];
    }
    if (spec.kind === "flag") {
      control = el("input", { ...common, type: "checkbox", checked: !!current, on: { change: (/** @type {Event} */ e) => set(/** @type {HTMLInputElement} */ (e.target).checked) } });
    } else if (spec.kind === "choice" || spec.kind === "position") {
      const choices = spec.kind === "choice"
        ? spec.choices.map((/** @type {any} */ c) => [c.id, c.label])
        : Array.from({ length: this.count }, (_, k) => [String(k + 1), String(k + 1)]);
      /** @type {[string, string][]} */ const pairs = choices;
      const selected = current ?? (spec.kind === "choice" ? spec.default ?? "" : "");
      // A list a player may leave as it is says what its empty entry stands for.
      const other = spec.kind === "choice" && this.engine.mayBeEmpty(spec.id, this.context());
      control = el("select", { ...common, on: { change: (/** @type {Event} */ e) => set(/** @type {HTMLSelectElement} */ (e.target).value) } },
        el("option", { value: "", text: other ? t.t("calc_choice_other") : "—" }),
        pairs.map(([value, label]) => el("option", { value, selected: String(selected) === value, text: label })));
    } else {
      const limits = this.game.limits?.[spec.id] ?? {};
      control = el("input", {
        ...common,
        type: spec.kind === "count" ? "number" : "text",
        // The numeric keypad for every number; a list of numbers needs a separator key too.
        inputmode: spec.kind === "count" ? "numeric" : "decimal",
        pattern: spec.kind === "count" ? "[0-9]*" : null,
        min: spec.kind === "count" ? limits.min ?? spec.min : null,
        max: spec.kind === "count" ? limits.max ?? spec.max : null,
        step: spec.kind === "count" ? 1 : null,
        placeholder: spec.kind === "count" ? "0" : null,
        // Left empty, none held (a legendary object): not listed as not entered.
        "data-empty-is-none": spec.empty_is_none ? "" : null,
        autocomplete: "off",
        value: current ?? "",
        on: { input: (/** @type {Event} */ e) => set(/** @type {HTMLInputElement} */ (e.target).value) },
      });
    }
    const error = el("span", { class: "rb-error", id: `${id}-error`, hidden: true });
    const top = this.game.limits?.[spec.id]?.max ?? spec.max;
    if (spec.kind !== "count" || how.plain || top == null || top > STEPPER_MAX) return [control, error];
    // Small counts get − and + buttons: one tap each, no keyboard.
    const input = /** @type {HTMLInputElement} */ (control);
    const step = (/** @type {number} */ by) => {
      const now = /^\d+$/.test(input.value) ? Number(input.value) : 0;
      const low = Number(input.min || 0);
      const next = Math.min(Math.max(now + by, low), top);
      input.value = String(next);
      set(input.value);
    };
    const button = (/** @type {number} */ by, /** @type {string} */ text, /** @type {string} */ key) => el("button", {
      type: "button", class: "rb-step", tabindex: "-1", "aria-label": t.t(key), "data-step-by": by,
      on: { click: () => step(by) },
    }, text);
    return [el("span", { class: "rb-stepper" }, button(-1, "−", "calc_less"), control, button(1, "+", "calc_more")), error];
  }

  /**
   * The end state the form describes. Text that is not a whole number goes in as text, so
   * the runtime reports it at its field with every other problem.
   */
  state() {
    const inputs = this.activeInputs();
    const players = [];
    /** @param {string} text */
    const number = (text) => (/^-?\d+$/.test(text) ? Number(text) : text);
    for (let i = 0; i < this.count; i++) {
      /** @type {Record<string, any>} */
      const player = { name: this.names[i] };
      for (const spec of inputs) {
        const raw = this.values[i][spec.id];
        if (spec.kind === "flag") {
          if (raw) player[spec.id] = true;
        } else if (spec.kind === "choice") {
          const value = raw ?? spec.default ?? "";
          if (value !== "") player[spec.id] = value;
          // The flag this choice implies: any choice but the default (Patience's arrival).
          if (spec.implies) {
            if (value !== "" && value !== spec.default) player[spec.implies] = true;
            else delete player[spec.id];
          }
        } else if (spec.kind === "position") {
          if (raw) player[spec.id] = Number(raw);
        } else if (spec.kind === "rows") {
          const rows = rowsValue(spec, raw);
          if (rows.length) player[spec.id] = rows;
        } else if (spec.kind === "sequence") {
          // Spaces, commas or dots: a phone's number keypad has a comma or a dot, never a space.
          const tokens = String(raw ?? "").split(/[\s,;.]+/).filter(Boolean);
          if (tokens.length) player[spec.id] = tokens.map(number);
        } else {
          const text = String(raw ?? "").trim();
          if (text !== "") player[spec.id] = number(text);
        }
      }
      players.push(player);
    }
    this.askedOf(players, inputs);
    const table = tableState(this.game, this.table, false, this.count);
    /** @type {Record<string, Record<string, any>>} */
    const rivals = {};
    const specs = Object.fromEntries(this.game.scoring.inputs.map((/** @type {any} */ x) => [x.id, x]));
    for (const rival of this.presentRivals()) {
      // A rival's rows go in as a player's do: records, and none while no row is added.
      const entered = Object.entries(this.rivalValues[rival.id] ?? {}).map(([k, v]) => [k, specs[k]?.kind === "rows" ? rowsValue(specs[k], v) : v]);
      const given = entered.filter(([k, v]) => this.engine.inputActive(k, this.context()) && v !== false && (Array.isArray(v) ? v.length > 0 : String(v ?? "").trim() !== ""));
      if (given.length) rivals[rival.id] = Object.fromEntries(given.map(([k, v]) => [k, v === true || Array.isArray(v) ? v : number(String(v).trim())]));
    }
    return { game: this.game.game, options: applicableOptions(this.game, this.options, this.count).options, table, players, ...(Object.keys(rivals).length ? { rivals } : {}) };
  }

  /**
   * Recompute once the current task's changes are in. A keystroke or a tap is its own
   * task, so it still gets its update at once (microtasks run as soon as its handler
   * returns); a script that sets many fields in one go (a paste, the browser tests' fast
   * entry) gets one update instead of one per field.
   */
  schedule() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      this.update();
    });
  }

  /** Recompute and show the problems and the result (the totals stand with tiebreak problems). */
  update() {
    const state = this.state();
    this.showAsked();
    /** @type {Problem[]} */
    let problems;
    let result = null;
    /** @type {{result: any, faulty: Set<string>} | null} */
    let partial = null;
    try {
      ({ problems, result, partial } = this.engine.evaluate(state, this.hiddenBy));
    } catch (error) {
      console.error(error);
      problems = [];
    }
    const first = this.game.scoring.ranking.keys[0].value;
    // The form stays as it is whatever the tie: only the results and the list of fields
    // not entered change (a rebuild here moved the caret before the digit just typed).
    this.tied = !!result?.players?.some((/** @type {any} */ p) => p.decided_by && p.decided_by !== first);
    this.said = new ProblemWords(this.game, this.texts, this.names.slice(0, this.count).map(excerpt));
    const todo = problems.filter((p) => this.untouched(p));
    const wrong = problems.filter((p) => !todo.includes(p));
    this.flag(wrong);
    this.markTabs(wrong);
    // Nothing entered yet: no total, no winner (a fresh form is no 0-0 tie).
    const entered = this.anythingEntered();
    this.runningTotals(entered ? result : null, entered ? partial : null);
    const blank = entered ? this.notEntered(result) : [];
    const titled = !problems.length;
    this.results.replaceChildren(
      ...(problems.length ? this.problemList(wrong, todo, result != null) : []),
      ...(!entered ? (titled ? [el("h3", {}, this.texts.node("results")), el("p", { class: "rb-help", "data-nothing-yet": "" }, this.texts.node("calc_nothing_yet"))] : [])
        : result ? this.resultView(result, titled, this.notEnteredList(blank))
          : [...(partial ? this.soFar(partial) : []), ...this.notEnteredList(blank)]));
    this.last = [state, problems.length || !entered ? null : result];
    this.onUpdate?.(...this.last); // the table tools (table.js) keep only final results
  }

  /**
   * The number fields left empty that count: every one a total reads, and those only a
   * tiebreaker reads for a player whose total ties. The engine counts an empty field as
   * its default (0), so the results say which ones are empty.
   * @param {any} result @returns {{player: number, spec: any, row?: number, field?: any, shared?: boolean}[]}
   */
  notEntered(result) {
    const first = this.game.scoring.ranking.keys[0].value;
    const tiebreakOnly = this.tiebreakOnly();
    const tied = (/** @type {number} */ i) => {
      const p = result?.players?.[i];
      return !!p?.decided_by && p.decided_by !== first;
    };
    const active = this.activeInputs();
    const inputs = active.filter((/** @type {any} */ spec) => spec.kind === "count");
    const reached = this.reachedNow();
    const out = [];
    for (let i = 0; i < this.count; i++) {
      const folded = this.tieBy?.[i] ?? new Set();
      for (const spec of active) {
        // A yes/no or a choice has no empty state: while the fold is closed, a tie it may
        // break sends the table to it (Tokaido's achievements from the score track).
        if (spec.kind !== "count" && folded.has(spec.id) && tied(i) && !this.tieOpen) out.push({ player: i, spec });
      }
      for (const spec of inputs) {
        if ((tiebreakOnly.has(spec.id) || folded.has(spec.id)) && !tied(i)) continue;
        if (spec.empty_is_none || reached.has(spec.id)) continue; // none held; a box left as it is
        if (this.hiddenBy?.[i]?.has(spec.id)) continue; // it does not count for them
        if (String(this.values[i][spec.id] ?? "").trim() === "") out.push({ player: i, spec });
      }
      for (const spec of active) {
        if (spec.kind !== "rows" || this.hiddenBy?.[i]?.has(spec.id)) continue;
        if ((tiebreakOnly.has(spec.id) || folded.has(spec.id)) && !tied(i)) continue;
        // A row's number with a default counts as it when left empty, as an empty count
        // does: listed like one, by its row (one without a default is missing instead).
        parseRows(spec, this.values[i][spec.id]).forEach((row, r) => spec.fields.forEach((/** @type {any} */ field, /** @type {number} */ k) => {
          if (field.default != null && row[k].trim() === "") out.push({ player: i, spec, row: r, field });
        }));
      }
      // A player's number of a row the table shares, likewise, in that player's line.
      for (const spec of this.game.scoring.table ?? []) {
        if (spec.kind !== "rows" || !this.engine.tableActive(spec.id, this.context())) continue;
        const flat = sharedSpec(spec, Array.from({ length: this.count }, (_, p) => String(p)));
        parseRows(flat, this.table[spec.id]).forEach((row, r) => spec.per_player.forEach((/** @type {any} */ field, /** @type {number} */ j) => {
          const k = spec.fields.length + i * spec.per_player.length + j;
          if (field.default != null && row[k].trim() === "") out.push({ player: i, spec, row: r, field, shared: true });
        }));
      }
    }
    return out;
  }

  /**
   * The empty fields that count, a line per player, each field a link to it; a field
   * whose default is not 0 says what it counts as.
   * @param {{player: number, spec: any, row?: number, field?: any, shared?: boolean}[]} blank
   */
  notEnteredList(blank) {
    if (!blank.length) return [];
    const t = this.texts;
    const list = el("ul", { class: "rb-todo", "data-not-entered": "" });
    for (let i = 0; i < this.count; i++) {
      const mine = blank.filter((b) => b.player === i);
      if (!mine.length) continue;
      const links = mine.map(({ spec, row, field, shared }) => {
        // A row's number is named as a problem names it ("Open roads, Row 2, Followers").
        const label = row == null ? String(spec.label ?? spec.id) : [spec.label, t.t("calc_row", { n: t.num(row + 1) }), field.label].join(", ");
        const fallback = row == null ? runtime.validation.defaultValue(this.game, spec) : field.default;
        // A folded box or list has no empty state to explain: its name is enough.
        const text = fallback === 0 || (spec.kind !== "count" && row == null) ? label : t.t("calc_counted_as", { field: label, value: t.num(fallback) });
        const at = row == null ? "" : `[data-row-index="${row}"][data-row-field="${CSS.escape(shared ? `${field.id}@${i}` : field.id)}"]`;
        const owner = shared ? `[data-table="${CSS.escape(spec.id)}"]` : `[data-input="${CSS.escape(spec.id)}"][data-player="${i}"]`;
        const target = /** @type {HTMLElement | null} */ (this.form.querySelector(`${owner}${at}`));
        const key = row == null ? `${spec.id}:${i}` : `${spec.id}:${i}:${row}:${field.id}`;
        return target ? el("button", { type: "button", class: "rb-link", "data-not-entered-field": key, on: { click: () => this.reveal(target) } }, text) : text;
      });
      list.append(el("li", { "data-not-entered-player": i }, this.nameOf(i), t.colon(), ...links.flatMap((x, k) => (k ? [", ", x] : [x]))));
    }
    return [el("p", { class: "rb-problems-title" }, t.node("calc_not_entered")), list];
  }

  /**
   * Whether a problem is only a field nobody has filled in yet: a missing value whose
   * fields the table has not touched (a fresh form, or a player not reached yet).
   * @param {Problem} p
   */
  untouched(p) {
    if (p.code !== "missing" && p.code !== "required") return false;
    const fields = this.targets(p);
    return fields.length > 0 && fields.every((f) => !this.edited.has(f.getAttribute("data-focus-key") ?? ""));
  }

  /**
   * Mark the tab of each player a problem is about, so the table sees whose fields to
   * look at without opening every tab (a visible mark, and the word for screen readers).
   * @param {Problem[]} problems
   */
  markTabs(problems) {
    /** @type {Set<number>} */
    const who = new Set();
    for (const p of problems) {
      if (p.loc[0] !== "players") continue;
      if (typeof p.loc[1] === "number") who.add(p.loc[1]);
      else for (const i of p.params.who ?? []) who.add(i);
    }
    for (const tab of /** @type {NodeListOf<HTMLElement>} */ (this.form.querySelectorAll("[data-switch]"))) {
      const marked = who.has(Number(tab.dataset.switch));
      if (tab.hasAttribute("data-has-problems") === marked) continue;
      tab.toggleAttribute("data-has-problems", marked);
      tab.querySelector(".rb-tab-problem")?.remove();
      if (marked) tab.append(el("span", { class: "rb-tab-problem" }, el("span", { class: "rb-visually-hidden", text: this.texts.t("calc_tab_problems") })));
    }
  }

  /** The message of a problem, in the page's language. @param {Problem} p */
  message(p) {
    return problemText(this.texts, /** @type {ProblemWords} */ (this.said), p);
  }

  /** Mark the fields the problems point at, each with its messages. @param {Problem[]} problems */
  flag(problems) {
    // What each field and its error line should say, then only the changes: rewriting all
    // of them restyled every field of the form on each keystroke.
    /** @type {Map<Element, Node[]>} */
    const said = new Map();
    /** @type {Set<Element>} */
    const invalid = new Set();
    for (const p of problems) {
      for (const target of this.targets(p)) {
        invalid.add(target);
        const error = document.getElementById(`${target.id}-error`) ?? target.parentElement?.querySelector(".rb-error");
        // A box of a number row shares the line under the row: its text says which box.
        const box = target.closest(".rb-number")?.querySelector(".rb-number-text")?.textContent;
        const message = box ? el("span", {}, box, this.texts.colon(), this.message(p)) : this.message(p);
        if (error) said.set(error, [...(said.get(error) ?? []), message]);
      }
    }
    for (const node of this.form.querySelectorAll("[aria-invalid]")) if (!invalid.has(node)) node.removeAttribute("aria-invalid");
    for (const node of invalid) setAttr(node, "aria-invalid", "true");
    const lines = new Set([...this.form.querySelectorAll(".rb-error"), ...said.keys()]);
    for (const node of /** @type {Set<HTMLElement>} */ (lines)) {
      const messages = said.get(node) ?? [];
      const shown = messages.map((m) => (m instanceof Element ? m.outerHTML : m.textContent)).join(" · ");
      if (this.errorLines.get(node) === shown) continue;
      this.errorLines.set(node, shown);
      node.replaceChildren(...messages.flatMap((m, k) => (k ? [" · ", m] : [m])));
      node.hidden = !messages.length;
    }
  }

  /**
   * The form controls a problem is about: its field, or the fields of the players and
   * inputs it names (who holds a unique card, what a constraint reads).
   * @param {Problem} p @returns {HTMLElement[]}
   */
  targets(p) {
    const all = (/** @type {string} */ selector) => /** @type {HTMLElement[]} */ ([...this.form.querySelectorAll(selector)]);
    const [first, second, third] = p.loc;
    const id = (/** @type {any} */ x) => CSS.escape(String(x));
    if (first == "table" && p.loc.length > 2) return sharedTargets(all(`[data-table="${id(second)}"]`), p.loc.slice(2));
    if (first == "table" || first == "options") return all(`[data-${first == "table" ? "table" : "option"}="${id(second)}"]`);
    if (first == "rivals") return third == null ? all(`[data-rival="${id(second)}"]`) : rowTargets(all(`[data-rival="${id(second)}"][data-input="${id(third)}"]`), p.loc.slice(3));
    if (first != "players") return [];
    /** @type {number[] | null} */
    const who = typeof second == "number" ? [second] : p.params.who ?? null;
    const of = (/** @type {string} */ input) => (who ? who.flatMap((i) => all(`[data-input="${id(input)}"][data-player="${i}"]`)) : all(`[data-input="${id(input)}"]`));
    if (third == null) {
      const read = p.code == "constraint" ? this.game.needs?.constraints?.[p.params.id] : p.params.inputs;
      if (read?.length) return read.flatMap(of);
      return who ? who.flatMap((i) => all(`[data-player-name="${i}"]`)) : all("[data-player-name]");
    }
    return third == "name" ? all(`[data-player-name="${id(second)}"]`) : rowTargets(of(String(third)), p.loc.slice(3));
  }

  /**
   * The problems, each with a button that focuses its field, then the fields still to
   * enter (a button each, no message: nothing is wrong with them yet); with tiebreak
   * problems only, a note that the totals below stand.
   * @param {Problem[]} problems @param {Problem[]} todo @param {boolean} totalsStand
   */
  problemList(problems, todo, totalsStand) {
    const t = this.texts;
    const said = /** @type {ProblemWords} */ (this.said);
    // The button that takes the reader to the problem's field: on the field's name when
    // the problem has one ("Player 2, Coins: ..."), else on the message itself (an option
    // that does not fit the table has no name to go before it).
    const link = (/** @type {Problem} */ p, /** @type {string | Node} */ text) => {
      const target = this.targets(p)[0];
      return target ? el("button", { type: "button", class: "rb-link", on: { click: () => this.reveal(target) } }, text) : text;
    };
    const out = [el("h3", {}, t.node("results"))];
    if (problems.length) {
      const list = el("ul", { class: "rb-problems", "data-problems": "" });
      for (const p of problems) {
        const where = said.where(p);
        const item = el("li", { "data-problem": p.code, "data-loc": JSON.stringify(p.loc), "data-severity": p.severity });
        if (where) item.append(link(p, where), t.colon(), this.message(p));
        else item.append(link(p, this.message(p)));
        list.append(item);
      }
      out.push(el("p", { class: "rb-problems-title" }, t.node("problems")), list);
    }
    if (todo.length) {
      const list = el("ul", { class: "rb-todo", "data-todo": "" });
      for (const p of todo) list.append(el("li", { "data-problem": p.code, "data-loc": JSON.stringify(p.loc) }, link(p, said.where(p) || this.message(p))));
      out.push(el("p", { class: "rb-problems-title" }, t.node("still_to_enter")), list);
    }
    out.push(el("p", { class: "rb-help" }, totalsStand ? t.node("problems_tiebreak") : t.node(problems.length ? "fix_to_see" : "enter_to_see")));
    return out;
  }

  /**
   * The result, for a table to read in one glance: every player's place and total, who
   * won and why first, then the breakdown with the players in rank order (winners first). A category
   * nobody scored in is one line under the table; the tiebreak row shows only when a tie
   * was broken (or could not be).
   * The empty fields that count (``blank``) are listed under the verdict, not above the
   * places: every player's place stays at the top.
   * @param {any} result @param {boolean} [titled] @param {Node[]} [blank]
   */
  resultView(result, titled = true, blank = []) {
    const t = this.texts;
    if (!result) return [];
    const s = this.game.scoring;
    const points = s.kind === "points";
    // The rivals beside the players, flagged (a neutral traveller has no total: its cells show "—").
    const players = [...result.players, ...(result.rivals ?? [])];
    const place = (/** @type {any} */ p) => p.rank ?? Infinity;
    /** @type {number[]} */
    const order = players.map((/** @type {any} */ _, /** @type {number} */ i) => i)
      .sort((/** @type {number} */ a, /** @type {number} */ b) => place(players[a]) - place(players[b]) || a - b);
    const labels = Object.fromEntries(s.categories.map((/** @type {any} */ c) => [c.id, c.label]));
    const keyLabels = Object.fromEntries(s.ranking.keys.map((/** @type {any} */ k) => [k.value, k.label]));
    /** @type {BreakdownRow[]} */
    const rows = [];
    /** @param {Node} label @param {(p: any) => any} cell @param {string} key @param {string} [cls] */
    const row = (label, cell, key, cls) => rows.push({ label, cell: (i) => cell(players[i]), key, cls });
    const quiet = new Set(unscored(this.game, result));
    for (const key of Object.keys(players[0]?.breakdown ?? {})) {
      if (quiet.has(key)) continue;
      row(t.text(labels[key] ?? key, `scoring.categories.${key}.label`), (p) => String(p.breakdown[key] ?? "—"), `breakdown.${key}`);
    }
    if (!points) {
      const key = s.ranking.keys[0];
      row(t.text(key.label, `scoring.ranking.${key.value}.label`), (p) => (p.key ?? []).join(" "), "key", "rb-strong");
    } else {
      row(t.node("total"), (p) => String(p.total ?? "—"), "total", "rb-strong");
    }
    row(t.node("rank"), (p) => String(p.rank ?? "—"), "rank");
    const first = s.ranking.keys[0].value;
    if (players.some((/** @type {any} */ p) => p.decided_by && p.decided_by !== first)) {
      row(t.node("tiebreak"), (p) => (p.rival ? "" : this.tiebreak(p, keyLabels)), "tiebreak", "rb-tiebreak");
    }
    const winners = result.winners ?? result.players.filter((/** @type {any} */ p) => p.winner).map((/** @type {any} */ p) => p.name);
    const amount = (/** @type {any} */ p) => (points ? t.count("points", p.total) : (p.key ?? []).join(" "));
    // Against a rival (solo, a team) the margin to it says the outcome (scorer/verdict.py).
    const against = rivalVerdict(result);
    const why = against ? null : verdict(this.game, result, t);
    const out = [
      ...(titled ? [el("h3", {}, t.node("results"))] : []),
      ...(players.length > 1 ? [this.standings(players, order, amount)] : []),
      ...(against?.won === false ? [] : [this.outcome(result, winners)]),
      ...(against ? [el("p", { class: "rb-verdict rb-outcome", "data-verdict": "", "data-outcome": against.won ? "won" : "lost" },
        el("strong", { text: sayVerdict(t, against, this.game) }))] : []),
      ...(why ? [el("p", { class: "rb-verdict", "data-verdict": "", text: why })] : []),
      ...blank,
      this.breakdown(players, order, rows, "result"),
      ...(quiet.size ? [el("p", { class: "rb-help", "data-unscored": "" },
        t.t("calc_unscored", { categories: labelList(t, [...quiet].map((id) => labels[id] ?? id)) }))] : []),
    ];
    // Against a ranked rival (the Automa), say what winning takes.
    if (s.ranking.win_requires_label && (result.rivals ?? []).some((/** @type {any} */ r) => r.rank != null)) {
      out.push(el("p", { class: "rb-help", "data-win-requires": "" }, t.text(s.ranking.win_requires_label, "scoring.ranking.win_requires_label")));
    }
    if (result.notices?.length) {
      out.push(el("div", { class: "admonition warning rb-notices" },
        el("p", { class: "admonition-title" }, t.node("notices")),
        el("ul", {}, result.notices.map((/** @type {string} */ n) => {
          const check = (s.end_checks ?? []).find((/** @type {any} */ c) => c.message === n);
          return el("li", {}, t.text(n, check ? `scoring.end_checks.${check.id}.message` : ""));
        }))));
    }
    return out;
  }

  /**
   * Every player (and every rival that takes a place) with their place and total, in
   * place order, at the top of the results: a phone shows the whole table at once. Tied
   * players share their place's number ("1. Ben", "1. Chloe"), so the list numbers each
   * item itself instead of counting them.
   * @param {any[]} players @param {number[]} order @param {(p: any) => string} amount
   */
  standings(players, order, amount) {
    return el("ol", { class: "rb-standings", "data-standings": "" }, order.filter((i) => players[i].rank != null).map((i) =>
      el("li", { "data-standing": i, "data-rival": players[i].rival ? players[i].id : null, class: players[i].winner ? "rb-won" : null },
        el("span", { class: "rb-place", "data-place": players[i].rank, text: `${this.texts.num(players[i].rank)}.` }), " ",
        el("strong", { text: players[i].name }), ` — ${amount(players[i])}`)));
  }

  /**
   * Who won: the winners' names; when nobody at the table wins against a rival that takes
   * a place (the Automa, Seishin), the rival's win and the table's loss, not "Winners: —".
   * @param {any} result @param {string[]} winners
   */
  outcome(result, winners) {
    const t = this.texts;
    const ranked = (result.rivals ?? []).filter((/** @type {any} */ r) => r.rank != null);
    if (!winners.length && ranked.length && result.players.every((/** @type {any} */ p) => p.decided_by !== "undecided")) {
      return el("p", { class: "rb-winners rb-outcome", "data-outcome": "lost" },
        el("strong", { text: t.t("calc_rival_wins", { rival: t.list(ranked.map((/** @type {any} */ r) => r.name)) }) }));
    }
    return el("p", { class: "rb-winners" }, t.node("calc_winners", { count: winners.length }), t.colon(), el("strong", { "data-winners": "", text: winners.join(", ") || "—" }));
  }

  /**
   * The breakdown: a table with a column per player where the columns fit; on a phone a
   * card per player in place order, so no player's column sits out of view to the side.
   * Only the one the screen shows is built (a keystroke builds the results again), and
   * the results are built again when the screen changes width (calc() listens).
   * @param {any[]} players @param {number[]} order @param {BreakdownRow[]} rows
   * @param {"result" | "so-far"} kind what the cells are marked with (data-result, data-so-far)
   */
  breakdown(players, order, rows, kind) {
    const mark = kind === "result" ? "data-result" : "data-so-far";
    const name = (/** @type {number} */ i) => ({ "data-rival": players[i].rival ? players[i].id : null, class: players[i].winner ? "rb-won" : null,
      ...(kind === "result" ? { "data-result-name": i } : {}) });
    if (!this.narrow?.matches) {
      const head = el("tr", {}, el("th", { scope: "col" }, this.texts.node("players")),
        order.map((i) => el("th", { scope: "col", ...name(i) }, players[i].name)));
      const body = el("tbody", {}, rows.map((r) => el("tr", { class: r.cls ?? null, [`${mark}-row`]: r.key }, el("th", { scope: "row" }, r.label),
        order.map((i) => el("td", { [mark]: r.key, "data-player": i }, r.cell(i))))));
      return el("div", { class: "rb-scroll rb-table rb-calc-result" }, el("table", {}, el("thead", {}, head), body));
    }
    return el("div", { class: "rb-result-cards", "data-result-cards": "" }, order.map((i) =>
      el("section", { class: `rb-result-card${players[i].winner ? " rb-won-card" : ""}`, "data-result-card": i },
        el("p", { class: "rb-card-name" }, el("strong", { text: players[i].name, ...name(i) })),
        el("dl", {}, rows.flatMap((r) => {
          const cell = r.cell(i);
          if (cell === "" || cell == null) return [];
          return [el("div", { class: r.cls ?? null, [`${mark}-row`]: r.key }, el("dt", {}, r.label.cloneNode(true)), el("dd", { [mark]: r.key, "data-player": i }, cell))];
        })))));
  }

  /** Why a player has their place. @param {any} p @param {Record<string, string>} keyLabels */
  tiebreak(p, keyLabels) {
    const t = this.texts;
    if (!p.decided_by) return "—";
    if (p.decided_by === "undecided") return t.node("undecided");
    if (p.decided_by === "shared") return el("span", {}, t.node("shared_place"), p.against ? ` (${t.t("against", { name: p.against })})` : "");
    const step = (p.tiebreak ?? []).at(-1);
    const shown = (/** @type {any} */ v) => (Array.isArray(v) ? v.join(" ") : String(v));
    return el("span", {},
      t.text(keyLabels[p.decided_by] ?? p.decided_by, `scoring.ranking.${p.decided_by}.label`),
      step ? `${t.colon()}${shown(step.mine)} / ${shown(step.theirs)}` : "",
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
    this.texts = new Words(island);
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
    /** @type {Set<string>} the steps ticked at the table */
    this.ticked = new Set();
    /** @type {any} the setup shown, which the form's changes make again */
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
          id, type: "text", value: this.names[i], maxlength: 40, autocomplete: "off", "data-setup-name": i,
          on: { input: (/** @type {Event} */ e) => { this.names[i] = /** @type {HTMLInputElement} */ (e.target).value; rememberNames(this); this.follow(true); } },
        })));
    }
    this.form.append(names);

    const c = { options: applicableOptions(this.game, this.options, this.count).options, table: {}, choiceData: {}, n: this.count };
    // How a table enters its scores (from the score track) is no part of a setup.
    const entry = new Set((this.game.scoring.options ?? []).filter((/** @type {any} */ o) => o.category === "entry").map((/** @type {any} */ o) => o.id));
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

  /** Make the checklist from the form; the result, or null when the table is refused. */
  generate() {
    const t = this.texts;
    const names = this.names.slice(0, this.count).map((n, i) => (n.trim() ? n : t.t("default_player", { n: i + 1 })));
    let result;
    try {
      result = runtime.setup.makeSetup(this.game, this.count, this.seed, names, applicableOptions(this.game, this.options, this.count).options);
    } catch (error) {
      const problems = /** @type {any} */ (error).problems;
      if (!problems) throw error;
      delete this.output.dataset.players;
      const said = new ProblemWords(this.game, t, names.map(excerpt));
      this.output.replaceChildren(el("ul", { class: "rb-error rb-problems", "data-setup-error": "" },
        problems.map((/** @type {Problem} */ p) => {
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
 * @param {any} result @returns {Map<string, string>}
 */
function stepKeys(result) {
  return new Map(result.steps.map((/** @type {any} */ s) => [s.id, JSON.stringify([s.text, s.values, Object.values(s.per_player ?? {}), s.table, s.slots, Object.values(s.per_seat ?? {})])]));
}

// ----------------------------------------------------------------------------------------
// Mounting
// ----------------------------------------------------------------------------------------

/** @param {HTMLElement} root @param {(root: HTMLElement, island: any) => any} make */
function mount(root, make) {
  if (root.dataset.mounted) return;
  root.dataset.mounted = "true";
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
