// The calculator's table tools, wired to the widgets of ui.js: the table in the URL fragment
// and in local storage, Undo, the Reset button's confirmation, the history of finished
// games, BG Stats and JSON export, printing, and the explanation and chart of the result.
// The setup generator gets the same kind of link.
//
// ui.js calls attachCalculator() and attachSetup() on each widget it makes; the calculator
// calls ``onUpdate(state, result)`` after each change. The tools read and set the widget's
// own fields (count, names, values, options, table; seed for the setup) and rebuild it with
// its build(). Everything from the URL or storage is checked by share.js and storage.js first.

import { ASIDE_SIZE } from "./aside.js";
import { presentRivals } from "./asked.js";
import { chart } from "./chart.js";
import { explain } from "./explain.js";
import { bgStatsLink, bgStatsPlay, download, resultFile } from "./export.js";
import { el, Words } from "./kit.js";
import { cleanName, decodeSetup, decodeTable, encodeSetup, encodeTable, isShared } from "./share.js";
import { isArray, localStore } from "./storage.js";
import { Keeper, Store } from "./store.js";

/**
 * @typedef {import("./scoresheet.js").Calculator} Calculator
 * @typedef {import("./scoresheet.js").EndState} EndState
 * @typedef {import("./generator.js").SetupGenerator} SetupGenerator
 * @typedef {import("./generator.js").Setup} Setup
 * @typedef {import("./runtime.js").Result} Result
 * @typedef {import("../../../tools/typecheck/export").CalculatorIsland} CalculatorIsland
 * @typedef {import("../../../tools/typecheck/export").SetupIsland} SetupIsland
 */

/** The fragment of the address, without "#". */
const fragment = () => location.hash.slice(1);

/** Give the language switcher's links this fragment, so the table follows the reader. @param {string} text */
function carryToOtherLanguages(text) {
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("a[data-rb-language]"))) {
    const url = new URL(link.href);
    url.hash = text;
    link.href = url.href;
  }
}

/** The session storage of this tab, or null. @returns {Storage | null} */
function sessionStore() {
  try {
    return globalThis.sessionStorage;
  } catch {
    return null;
  }
}

/** A notice above a widget's form. @param {HTMLElement} form @param {Words} w @param {string} key */
function notice(form, w, key) {
  form.before(el("p", { class: "rb-notice", role: "status", "data-notice": key, text: w.t(key) }));
}

/** The default names of a widget's seats, in the page's language. @param {Words} w @param {number} seats */
const defaultNames = (w, seats) => Array.from({ length: seats }, (_, i) => w.t("default_player", { n: i + 1 }));

/** Milliseconds of quiet before the table is written to storage: once per pause in typing. */
const SAVE_PAUSE = 300;

class CalculatorTools {
  /** @param {Calculator} calc @param {CalculatorIsland} island */
  constructor(calc, island) {
    this.calc = calc;
    this.game = calc.game;
    const w = (this.w = new Words(island));
    this.bgg = island.bgg;
    this.defaults = defaultNames(w, calc.names.length);
    this.store = new Store(localStore(), this.game, this.defaults);
    this.keeper = new Keeper(this.store, SAVE_PAUSE);
    // Leaving the page (a reload, another page, a closed or hidden tab) writes what is pending.
    addEventListener("pagehide", () => this.keeper.flush());
    document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && this.keeper.flush());
    /** @type {Result | null} */
    this.result = null;
    /** @type {EndState | null} the end state last scored */
    this.state = null;
    this.ready = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;

    const button = (/** @type {string} */ key, /** @type {() => void} */ click, /** @type {string} */ data) =>
      el("button", { type: "button", class: "md-button", [data]: "", text: w.t(key), on: { click } });
    this.copied = el("span", { class: "rb-copied", role: "status" });
    this.undoButton = button("calc_undo", () => this.undo(), "data-undo");
    this.keepButton = button("calc_keep", () => this.keep(), "data-keep");
    this.downloadButton = button("calc_download", () => this.result && download(resultFile(this.result)), "data-download");
    this.bgStats = el("a", { class: "md-button", "data-bgstats": "", target: "_blank", rel: "noopener noreferrer", text: w.t("calc_bgstats") });
    const bar = el("div", { class: "rb-tools", role: "group", "aria-label": w.t("calc_tools"), "data-tools": "" },
      button("calc_copy_link", () => this.copy(), "data-copy-link"), this.undoButton, this.keepButton,
      this.bgStats, this.downloadButton, button("calc_print", () => this.print(), "data-print-sheet"), this.copied);
    this.explained = el("section", { class: "rb-explain", "data-explain": "", hidden: true });
    this.historyBox = el("details", { class: "rb-history", "data-history": "", "aria-label": w.t("calc_history") });
    calc.results.before(bar);
    calc.results.after(this.explained, this.historyBox);

    // Reset asks first (Undo can still bring the entries back).
    calc.form.addEventListener("click", (/** @type {Event} */ e) => {
      const target = /** @type {Element | null} */ (e.target);
      if (target?.closest?.("[data-reset]") && !window.confirm(w.t("calc_clear_confirm"))) {
        e.preventDefault();
        e.stopPropagation();
      }
    }, true);
    addEventListener("pagehide", () => this.writeUrl());
    document.addEventListener("visibilitychange", () => document.hidden && this.writeUrl());

    // The tables this tab put in the address (session storage lasts as long as the tab): a
    // reload brings one back, possibly older than the kept table, which then wins. Any
    // other table in the fragment is a link someone opened.
    this.session = sessionStore();
    this.sessionKey = `rulebook.address.${this.game.game}`;
    const asked = fragment();
    const ours = isShared(asked) && this.written().includes(asked);
    /** @type {import("./share.js").Table | null} */
    let opened = null;
    if (isShared(asked) && !ours) {
      opened = decodeTable(this.game, asked, this.defaults);
      if (!opened) notice(calc.form, w, "calc_bad_link");
      else if (this.keeper.current != null && this.keeper.current !== encodeTable(this.game, opened, this.defaults)) notice(calc.form, w, "calc_from_link");
    }
    const kept = this.keeper.current == null ? null : decodeTable(this.game, this.keeper.current, this.defaults);
    this.renderHistory();
    // Saved tables that no longer fit this version of the content, or could not be read.
    this.asideBox = el("section", { class: "rb-aside", "data-aside": "", hidden: true });
    calc.form.before(this.asideBox);
    this.renderAside();
    calc.onUpdate = (state, result) => {
      this.state = state; // what was entered: the explanation of a plain count says it
      this.updated(result);
    };
    if (opened) this.open(opened);
    else if (kept) this.apply(kept);
    // A fresh form was computed as it was drawn: its result is the tools' first, without
    // validating and scoring the same empty table a second time.
    else if (calc.last) {
      this.state = calc.last[0];
      this.updated(calc.last[1]);
    }
    else calc.update();
    this.ready = true;
    if (ours) this.scheduleUrl();
    // A link pasted into the address of this page opens without a reload.
    addEventListener("hashchange", () => {
      const text = fragment();
      if (!isShared(text) || text === this.keeper.current) return;
      const t = decodeTable(this.game, text, this.defaults);
      if (t) this.open(t);
      else notice(calc.form, w, "calc_bad_link");
    });
  }

  /** The table as share.js encodes it. */
  text() {
    const c = this.calc;
    // Only the rivals at this table: the neutral traveller's coins stay in memory when a
    // third player sits down (and come back with a second), but not in the link.
    const rivals = Object.fromEntries(presentRivals(c).flatMap((r) => (c.rivalValues[r.id] ? [[r.id, c.rivalValues[r.id]]] : [])));
    return encodeTable(this.game, { count: c.count, names: c.names, values: c.values, options: c.options, table: c.table, rivals }, this.defaults);
  }

  /** Show a table in the form. @param {import("./share.js").Table} t */
  apply(t) {
    const c = this.calc;
    c.count = t.count;
    for (let i = 0; i < c.names.length; i++) {
      c.names[i] = i < t.count ? t.names[i] : this.defaults[i];
      c.values[i] = i < t.count ? { ...t.values[i] } : {};
    }
    Object.assign(c.options, t.options);
    for (const id of Object.keys(c.table)) c.table[id] = t.table[id] ?? null;
    c.rivalValues = Object.fromEntries(Object.entries(t.rivals ?? {}).map(([id, row]) => [id, { ...row }]));
    c.build();
  }

  /** The tables this tab put in the address, newest last. @returns {string[]} */
  written() {
    /** @type {unknown} what the tab's storage holds, unchecked */
    let list;
    try {
      list = JSON.parse(this.session?.getItem(this.sessionKey) ?? "[]");
    } catch {
      return [];
    }
    return isArray(list) ? list.filter((x) => typeof x == "string") : [];
  }

  /** @param {string} text */
  remember(text) {
    const list = this.written().filter((x) => x !== text).slice(-9);
    try {
      this.session?.setItem(this.sessionKey, JSON.stringify([...list, text]));
    } catch {
      // full: a reload may then reopen an older address; Undo still has the table
    }
  }

  /** Open a table as one change (a link, a kept game): Undo brings the previous one back. @param {import("./share.js").Table} t */
  open(t) {
    const text = encodeTable(this.game, t, this.defaults);
    this.keeper.change(text);
    this.remember(text);
    this.apply(t);
    this.scheduleUrl();
  }

  /** After each change of the form. @param {Result | null | undefined} result null while the form has problems */
  updated(result) {
    this.result = result ?? null;
    const focused = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.focusKey ?? null;
    if (this.keeper.change(this.text(), focused) && this.ready) this.scheduleUrl();
    if (!this.ready) this.keeper.flush(); // the table the page opened with is kept at once
    this.refresh();
  }

  undo() {
    const text = this.keeper.undo();
    const t = text == null ? null : decodeTable(this.game, text, this.defaults);
    if (t) {
      this.apply(t);
      this.scheduleUrl();
    }
    this.refresh();
  }

  /** The address follows the table, a moment after typing stops (browsers limit how often it may change). */
  scheduleUrl() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.writeUrl(), 250);
  }

  writeUrl() {
    const text = this.keeper.current;
    if (!this.ready || text == null) return;
    clearTimeout(this.timer);
    try {
      if (fragment() !== text) {
        history.replaceState(history.state, "", `#${text}`);
        carryToOtherLanguages(text);
      }
      this.remember(text);
    } catch {
      // The browser refused (too many changes): the next change tries again.
    }
  }

  async copy() {
    this.writeUrl();
    const url = new URL(location.href);
    url.hash = this.keeper.current ?? "";
    try {
      await navigator.clipboard.writeText(url.href);
      this.copied.textContent = this.w.t("copied");
    } catch {
      this.copied.textContent = "";
      window.prompt(this.w.t("calc_copy_link"), url.href);
    }
  }

  keep() {
    if (!this.result || this.keeper.current == null) return;
    const points = this.game.scoring.kind === "points";
    this.store.keep({
      at: Date.now(),
      table: this.keeper.current,
      players: this.result.players.map((p) => ({ name: cleanName(p.name), score: points ? /** @type {number} */ (p.total) : null, rank: p.rank, winner: !!p.winner })),
    });
    this.copied.textContent = this.w.t("calc_kept");
    this.renderHistory();
  }

  print() {
    const root = document.documentElement;
    root.classList.add("rb-print-sheet");
    addEventListener("afterprint", () => root.classList.remove("rb-print-sheet"), { once: true });
    window.print();
  }

  renderHistory() {
    const w = this.w;
    const games = this.store.history();
    this.historyBox.hidden = !games.length;
    // Nothing kept yet (every first visit): no date format to make, the costliest part of
    // opening the calculator page (an Intl object loads its locale's data).
    if (!games.length) return this.historyBox.replaceChildren();
    const dates = new Intl.DateTimeFormat(w.lang, { dateStyle: "medium", timeStyle: "short" });
    const button = (/** @type {string} */ key, /** @type {() => void} */ click, /** @type {string} */ data) =>
      el("button", { type: "button", class: "rb-link", [data]: "", text: w.t(key), on: { click } });
    this.historyBox.replaceChildren(el("summary", { text: w.count("calc_games_kept", games.length) }),
      el("ol", {}, games.map((g) => el("li", { "data-history-entry": "" },
        el("time", { datetime: new Date(g.at).toISOString(), text: dates.format(g.at) }), " — ",
        g.players.map((p, k) => [k ? ", " : "", el("span", { class: p.winner ? "rb-history-winner" : null, text: `${p.winner ? "★ " : ""}${p.name}` }),
          p.score == null ? "" : ` ${w.num(p.score)}`]),
        g.misfits.length ? [" ", el("span", { class: "rb-history-unfit", "data-history-unfit": "", text: w.t("calc_unfit_short") }),
          " ", button("calc_unfit_download", () => download(g.file()), "data-history-download")] : "",
        g.table == null ? "" : [" ", button("calc_reopen", () => {
          const t = decodeTable(this.game, /** @type {string} */ (g.table), this.defaults);
          if (t) this.open(t);
        }, "data-reopen")],
        " ", button("calc_forget", () => {
          this.store.forget(g.at);
          this.renderHistory();
        }, "data-forget")))));
  }

  /**
   * What was set aside, in one notice: what no longer fits the content, whether something
   * could not be read at all, and Download and Remove for all of it.
   */
  renderAside() {
    const w = this.w;
    const items = this.store.aside();
    const dropped = this.store.asideDropped();
    this.asideBox.hidden = !items.length;
    if (!items.length) return this.asideBox.replaceChildren();
    const unfit = items.filter((item) => item.reason === "content");
    const button = (/** @type {string} */ key, /** @type {() => void} */ click, /** @type {string} */ data) =>
      el("button", { type: "button", class: "rb-link", [data]: "", text: w.t(key), on: { click } });
    this.asideBox.replaceChildren(el("div", { class: "rb-notice", role: "status" },
      unfit.length ? [el("p", { "data-notice": "calc_unfit", text: w.t("calc_unfit") }),
        el("ul", {}, unfit.flatMap((item) => item.misfits).map((m) => el("li", { "data-misfit": m.kind, text: this.misfit(m) })))] : "",
      items.length > unfit.length ? el("p", { "data-notice": "calc_bad_storage", text: w.t("calc_bad_storage") }) : "",
      dropped ? el("p", { "data-notice": "calc_aside_dropped", text: w.t("calc_aside_dropped", { count: dropped, most: ASIDE_SIZE }) }) : "",
      button("calc_unfit_download", () => download(this.store.asideFile()), "data-aside-download"), " ",
      button("calc_forget", () => {
        this.store.dismiss();
        this.renderAside();
      }, "data-aside-remove")));
  }

  /** In words, what of a saved table no longer fits. @param {import("./storage.js").Misfit} m */
  misfit(m) {
    const w = this.w;
    const s = this.game.scoring;
    const list = m.kind === "option" ? s.options : m.kind === "table" ? s.table : s.inputs;
    // The label of today's content, or the one saved with the table once the content lost it.
    /** @type {{id: string, label: string}[]} */
    const declared = list ?? [];
    const label = declared.find((x) => x.id === m.id)?.label ?? m.label ?? m.id;
    const what = [m.name, label].filter(Boolean).join(", ");
    const value = m.value === true ? w.t("yes") : m.value === false ? w.t("no") : String(m.value ?? "").slice(0, 40);
    if (m.kind === "player") return w.t("calc_unfit_player", { what });
    if (m.kind === "undo") return w.t("calc_unfit_undo");
    if (m.kind === "entries") return w.t("calc_bad_storage");
    const key = m.reason === "gone" ? "calc_unfit_gone" : m.reason === "choice" ? "calc_unfit_choice" : "calc_unfit_limit";
    return w.t(key, { what, value });
  }

  /** Buttons, export link and explanation for the current result. */
  refresh() {
    const w = this.w;
    const r = this.result;
    this.undoButton.disabled = !this.keeper.canUndo;
    this.keepButton.disabled = this.downloadButton.disabled = !r;
    this.bgStats.hidden = !r;
    if (r) this.bgStats.href = bgStatsLink(bgStatsPlay(this.game, r, this.bgg));
    else this.bgStats.removeAttribute("href");
    this.explained.hidden = !r;
    if (!r) return this.explained.replaceChildren();
    // In rank order, like the results above.
    const players = explain(this.game, r, w, this.state)
      .map(({ name, rank, lines }, i) => ({ name, rank, lines, i }))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map(({ name, lines, i }) => el("div", { class: "rb-explain-player", "data-explain-player": i },
        el("h4", { text: name }), el("ul", {}, lines.map((line) => el("li", { text: line })))));
    this.explained.replaceChildren(el("h3", { text: w.t("calc_explain") }), ...[chart(this.game, r, w) ?? []].flat(), ...players);
  }
}

/** Give a calculator its table tools (a failure leaves the calculator as it is). @param {Calculator} calc @param {CalculatorIsland} island */
export function attachCalculator(calc, island) {
  try {
    calc.tools = new CalculatorTools(calc, island);
  } catch (error) {
    console.error(error);
  }
  return calc;
}

/**
 * Give a setup generator links in the fragment, and open the one it was given.
 * @param {SetupGenerator} gen @param {SetupIsland} island
 */
export function attachSetup(gen, island) {
  try {
    setupLinks(gen, island);
  } catch (error) {
    console.error(error);
  }
  return gen;
}

/** @param {SetupGenerator} gen @param {SetupIsland} island */
function setupLinks(gen, island) {
  const w = new Words(island);
  const game = gen.game;
  const defaults = defaultNames(w, gen.names.length);
  gen.link = (result) => {
    const url = new URL(location.href);
    url.search = "";
    url.hash = encodeSetup(game, { players: result.players.length, names: result.players, options: result.options, seed: result.seed, ticked: [...gen.ticked] }, defaults);
    carryToOtherLanguages(url.hash.slice(1));
    return url;
  };
  const asked = fragment();
  if (!isShared(asked)) return;
  const request = decodeSetup(game, asked, defaults);
  if (!request) {
    notice(gen.form, w, "calc_bad_link");
    return;
  }
  gen.count = request.players;
  request.names.forEach((name, i) => (gen.names[i] = name));
  Object.assign(gen.options, request.options);
  gen.seed = request.seed;
  gen.ticked = new Set(request.ticked ?? []);
  gen.build();
  gen.generate();
}
