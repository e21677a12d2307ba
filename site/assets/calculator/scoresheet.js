// The calculator widget: a form built from the game's export (its labels in the page's
// language), a column per player, recomputed on each change into the problems and the
// result the runtime modules give (runtime.js), exactly as the Python engine would.
//
// The calculator holds the table (names, values, options, table and rivals' entries) and
// the flow: build() draws the whole form after a change of options, table or player count;
// a keystroke only schedules update(), which never rebuilds the form (it would move the
// caret), and redraws the problems and the results. What the form asks (asked.js), its
// parts (formparts.js), each field (entry.js), the players' tabs (tabs.js), the problems
// (problemlist.js) and the results (resultsview.js) are functions of the calculator.
//
// Every text goes in with textContent or setAttribute (kit.js): content and translations are
// untrusted and never become markup.

import { showAsked } from "./asked.js";
import { helpBehindButtons } from "./compact.js";
import { endState, field } from "./entry.js";
import { tableState } from "./fields.js";
import { clampPlayers, given, nextId, optionFields } from "./formkit.js";
import { fit, fitWhenLaidOut, grid, rivalFields, tableInputFields, viewSwitch } from "./formparts.js";
import { el, Words } from "./kit.js";
import { applicableOptions } from "./legality.js";
import { flag, notEntered, notEnteredList, problemList, untouched } from "./problemlist.js";
import { echoOf, excerpt, ProblemWords } from "./problems.js";
import { resultView, soFar } from "./resultsview.js";
import { makeEngine, runtime } from "./runtime.js";
import { markTabs, runningTotals, show } from "./tabs.js";

/**
 * @typedef {import("./problems.js").Problem} Problem
 * @typedef {import("../../../tools/typecheck/export").Input} Input
 * @typedef {import("./expr.js").Options} Options
 * @typedef {import("./runtime.js").Result} Result
 * @typedef {import("./runtime.js").Counted} Counted
 * @typedef {string | boolean | null | undefined} Entered  what a field of the form holds: text (a count, a choice, a pile, rows) or a ticked box
 * @typedef {ReturnType<typeof endState>} EndState  the end state the form describes
 */

export class Calculator {
  /** @param {HTMLElement} root @param {import("../../../tools/typecheck/export").CalculatorIsland} island */
  constructor(root, island) {
    this.root = root;
    this.game = island.export;
    this.texts = new Words(island);
    this.engine = makeEngine(this.game);
    const s = this.game.scoring;
    this.count = clampPlayers(2, this.game);
    /** @type {Options} */
    this.options = Object.fromEntries((s.options ?? []).map((o) => [o.id, o.default]));
    /** @type {Record<string, string | null>} */
    this.table = Object.fromEntries((s.table ?? []).map((t) => [t.id, null]));
    /** @type {string[]} */
    this.names = [];
    /** @type {Record<string, Entered>[]} */
    this.values = [];
    /** What the table enters for each rival (a neutral traveller's coins), by rival id. @type {Record<string, Record<string, Entered>>} */
    this.rivalValues = {};
    for (let i = 0; i < this.game.players.max; i++) {
      this.names.push(this.texts.t("default_player", { n: i + 1 }));
      this.values.push({});
    }
    /** Called after each change with the end state and its final result (table.js). @type {((state: EndState, result: Result | null) => void) | undefined} */
    this.onUpdate = undefined;
    /** Its table tools (table.js), once attached. @type {object | undefined} */
    this.tools = undefined;
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
    /** The last update's end state and final result (null while problems stand). @type {[EndState, Result | null] | undefined} */
    this.last = undefined;
    /** Each input asked only under a condition on another field: that field's id (activeInputs()). @type {Map<string, string> | undefined} */
    this.after = undefined;
    /** Per player, the asked inputs that do not count for them (askedOf()). @type {Set<string>[] | undefined} */
    this.hiddenBy = undefined;
    /** Per player, the asked inputs that count for them only on a tie (askedOf()). @type {Set<string>[] | undefined} */
    this.tieBy = undefined;
    /** The ids of the players' name fields, which label their columns (grid()). @type {string[] | undefined} */
    this.columnIds = undefined;
    /** Watches the grid's box: fit() once the browser has laid it out. @type {ResizeObserver | null} */
    this.sizes = typeof ResizeObserver === "function" ? new ResizeObserver(() => fit(this)) : null;
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
   * The control of one input for one player (entry.js): compact.js builds the grid's
   * rows through it. @param {Input} spec @param {number} i @param {string} rowId
   * @param {{plain?: boolean}} [how]
   */
  field(spec, i, rowId, how = {}) {
    return field(this, spec, i, rowId, how);
  }

  /** Whether anything is entered for a player or a rival (a fresh form announces nothing). */
  anythingEntered() {
    return this.values.slice(0, this.count).some((row) => Object.values(row).some(given))
      || Object.values(this.rivalValues).some((row) => Object.values(row ?? {}).some(given))
      // Rows the players share are entered once, for the table.
      || (this.game.scoring.table ?? []).some((spec) => spec.kind === "rows" && given(this.table[spec.id]));
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

    const tableFields = tableInputFields(this, c);
    if (tableFields.length) this.form.append(el("fieldset", { class: "rb-calc-table" }, el("legend", {}, t.node("table_inputs")), helpBehindButtons(tableFields, t)));
    this.form.append(...rivalFields(this));

    this.form.append(viewSwitch(this), grid(this));
    show(this, this.current);
    fitWhenLaidOut(this);
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
    const state = endState(this);
    showAsked(this);
    /** @type {Problem[]} */
    let problems;
    /** @type {Result | null} */
    let result = null;
    /** @type {Counted | null} */
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
    this.tied = !!result?.players?.some((p) => p.decided_by && p.decided_by !== first);
    this.said = new ProblemWords(this.game, this.texts, this.names.slice(0, this.count).map((n) => excerpt(n, echoOf(this.game.end_state))));
    const todo = problems.filter((p) => untouched(this, p));
    const wrong = problems.filter((p) => !todo.includes(p));
    flag(this, wrong);
    markTabs(this, wrong);
    // Nothing entered yet: no total, no winner (a fresh form is no 0-0 tie).
    const entered = this.anythingEntered();
    runningTotals(this, entered ? result : null, entered ? partial : null);
    const blank = entered ? notEntered(this, result) : [];
    const titled = !problems.length;
    this.results.replaceChildren(
      ...(problems.length ? problemList(this, wrong, todo, result != null) : []),
      ...(!entered ? (titled ? [el("h3", {}, this.texts.node("results")), el("p", { class: "rb-help", "data-nothing-yet": "" }, this.texts.node("calc_nothing_yet"))] : [])
        : result ? resultView(this, result, titled, notEnteredList(this, blank))
          : [...(partial ? soFar(this, partial) : []), ...notEnteredList(this, blank)]));
    this.last = [state, problems.length || !entered ? null : result];
    this.onUpdate?.(...this.last); // the table tools (table.js) keep only final results
  }
}
