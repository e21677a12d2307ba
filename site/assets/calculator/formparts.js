// The parts of the calculator's form: the table's own fields, the rivals' fields, the
// switch between the one-player and all-players views, and the grid (a row per input, a
// column per player, the fields needed only on a tie in their fold), fitted to the page.

import { activeInputs, foldRow, presentRivals, tiebreakInputs, tieParts } from "./asked.js";
import { CompactRows } from "./compact.js";
import { endState } from "./entry.js";
import { tableField, whenReadsTable } from "./fields.js";
import { given, nextId } from "./formkit.js";
import { el } from "./kit.js";
import { rowsControl, sharedSpec } from "./rows.js";
import { MAX_NAME } from "./share.js";
import { defaultName, nameOf, show, switcher } from "./tabs.js";

/**
 * @typedef {import("./scoresheet.js").Calculator} Calculator
 * @typedef {import("./runtime.js").Context} Context
 * @typedef {import("../../../tools/typecheck/export").Input} Input
 * @typedef {import("../../../tools/typecheck/export").Rival} Rival
 * @typedef {import("../../../tools/typecheck/export").Choice} Choice
 */

/** The two views of the form, as a pair of toggle buttons. @param {Calculator} calc */
export function viewSwitch(calc) {
  const t = calc.texts;
  const button = (/** @type {"one" | "all"} */ view, /** @type {string} */ key) => el("button", {
    type: "button", class: "md-button rb-view-button", "aria-pressed": String(calc.view === view), "data-view": view,
    "data-focus-key": `view:${view}`,
    on: { click: () => { calc.view = view; calc.build(); } },
  }, t.node(key));
  return el("div", { class: "rb-view-switch", role: "group", "aria-label": t.t("calc_view") },
    button("one", "calc_view_one"), button("all", "calc_view_all"));
}

/**
 * The fields of what the table enters once (a tile, a city's size, rows the players
 * share), those asked with the current options and player count.
 * @param {Calculator} calc @param {Context} c what the ``when`` tests read (calc.context())
 */
export function tableInputFields(calc, c) {
  const t = calc.texts;
  const s = calc.game.scoring;
  const tableFields = [];
  for (const spec of s.table ?? []) {
    if (!calc.engine.tableActive(spec.id, c)) continue;
    const id = nextId("calc-table");
    if (spec.kind === "rows") {
      // Rows the players share: one list for the table, a number per player in each row.
      const names = Array.from({ length: calc.count }, (_, i) => nameOf(calc, i));
      tableFields.push(el("div", { class: "rb-field" },
        el("span", { id, class: "rb-rows-label" }, t.text(spec.label, `scoring.table.${spec.id}.label`)),
        rowsControl({ spec: sharedSpec(spec, names), player: -1, table: true, value: calc.table[spec.id] ?? "", labelledBy: id, nextId,
          label: (text, context) => t.text(text, context), t: (key, params) => t.t(key, params),
          onChange: (text) => { calc.table[spec.id] = text || null; calc.schedule(); } })));
      continue;
    }
    // Only the choices legal here (player count, options); one chosen before the count
    // changed stays listed, so its problem names what the field shows.
    const offered = (/** @type {Choice} */ x) => calc.table[spec.id] === x.id || calc.engine.choiceOffered(spec.id, x.id, c);
    const field = tableField(spec, calc.table[spec.id], offered);
    const common = { id, "data-table": spec.id, "data-focus-key": `table:${spec.id}`, "aria-describedby": `${id}-error` };
    const select = field.control === "number"
      ? el("input", {
        ...common, type: "number", inputmode: "numeric", pattern: "[0-9]*", min: field.min, max: field.max, step: 1,
        placeholder: String(field.min), autocomplete: "off", value: field.value,
        on: {
          input: (/** @type {Event} */ e) => { calc.table[spec.id] = /** @type {HTMLInputElement} */ (e.target).value || null; calc.schedule(); },
          change: () => whenReadsTable(calc.game, spec.id) && calc.build(),
        },
      })
      : el("select", {
        ...common,
        on: { change: (/** @type {Event} */ e) => { calc.table[spec.id] = /** @type {HTMLSelectElement} */ (e.target).value || null; calc.build(); } },
      }, el("option", { value: "", text: `— ${t.t("not_chosen")} —` }),
      field.choices.map((x) => el("option", { value: x.id, selected: x.selected, text: x.label })));
    const help = spec.help ? el("small", { class: "rb-help", id: `${id}-help` }, t.text(spec.help, `scoring.table.${spec.id}.help`)) : null;
    if (help) select.setAttribute("aria-describedby", `${id}-help ${id}-error`);
    tableFields.push(el("div", { class: "rb-field" },
      el("label", { for: id }, t.text(spec.label, `scoring.table.${spec.id}.label`)), select, help,
      el("span", { class: "rb-error", id: `${id}-error`, hidden: true, "data-error-for": `table.${spec.id}` })));
  }
  return tableFields;
}

/** A fieldset per rival at the table that has inputs: what the table counts for it. @param {Calculator} calc */
export function rivalFields(calc) {
  const t = calc.texts;
  const inputs = Object.fromEntries(calc.game.scoring.inputs.map((x) => /** @type {[string, Input]} */ ([x.id, x])));
  return presentRivals(calc).filter((r) => r.inputs?.length).map((rival) => {
    const values = (calc.rivalValues[rival.id] ??= {});
    const c = calc.context();
    const fields = rival.inputs.filter((input) => calc.engine.inputActive(input, c)).map((input) => {
      const id = nextId("calc-rival");
      const spec = inputs[input];
      const flag = spec.kind === "flag";
      const label = rivalLabel(calc, rival, spec);
      if (spec.kind === "rows") {
        // A list of records, as a player's (rows.js), labelled by the rival's own words.
        const labelId = `${id}-label`;
        return el("div", { class: "rb-field" }, el("span", { id: labelId, class: "rb-rows-label" }, label),
          rowsControl({ spec, player: -1, rival: rival.id, value: values[input], labelledBy: labelId, nextId,
            label: (text, context) => t.text(text, context), t: (key, params) => t.t(key, params),
            onChange: (text) => { values[input] = text; calc.schedule(); } }));
      }
      const common = { id, "data-rival": rival.id, "data-input": input, "data-focus-key": `rival:${rival.id}:${input}`, "aria-describedby": `${id}-error` };
      const control = flag
        ? el("input", { ...common, type: "checkbox", checked: !!values[input],
          on: { change: (/** @type {Event} */ e) => { values[input] = /** @type {HTMLInputElement} */ (e.target).checked; calc.schedule(); } } })
        : el("input", { ...common, type: "number", inputmode: "numeric", min: 0, step: 1, placeholder: "0", autocomplete: "off", value: values[input] ?? "",
          on: { input: (/** @type {Event} */ e) => { values[input] = /** @type {HTMLInputElement} */ (e.target).value; calc.schedule(); } } });
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
 * @param {Calculator} calc
 * @param {Rival} rival @param {Input} spec the input
 */
function rivalLabel(calc, rival, spec) {
  const own = (rival.labels ?? []).find((l) => l.input === spec.id);
  return own
    ? calc.texts.text(own.label, `scoring.rivals.${rival.id}.labels.${spec.id}.label`)
    : calc.texts.text(spec.label, `scoring.inputs.${spec.id}.label`);
}

/** The grid: a row per input, a column per player; the names and totals stay in view. @param {Calculator} calc */
export function grid(calc) {
  const t = calc.texts;
  const s = calc.game.scoring;
  const one = calc.view === "one";
  if (calc.current >= calc.count) calc.current = 0;
  const table = el("table", { class: `rb-calc-grid rb-view-${calc.view}`, "data-view-shown": calc.view });
  const head = el("tr", {}, el("th", { scope: "col", class: "rb-corner" }, t.node("players")));
  /** @type {string[]} */
  calc.columnIds = [];
  for (let i = 0; i < calc.count; i++) {
    const id = nextId("calc-name");
    calc.columnIds.push(id);
    head.append(el("th", { scope: "col", "data-col": i, class: "rb-player-head" },
      el("label", { class: "rb-visually-hidden", for: id, text: t.t("player_name", { n: i + 1 }) }),
      // The seat's default name is a placeholder, not a value to erase first; an empty
      // field is the seat's default name.
      el("input", {
        id, type: "text", class: "rb-name", value: calc.names[i] === defaultName(calc, i) ? "" : calc.names[i], maxlength: MAX_NAME, autocomplete: "off",
        placeholder: defaultName(calc, i),
        "data-player-name": i, "data-focus-key": `name:${i}`, "aria-describedby": `${id}-error`,
        on: { input: (/** @type {Event} */ e) => {
          const typed = /** @type {HTMLInputElement} */ (e.target).value;
          calc.names[i] = typed.trim() ? typed : defaultName(calc, i);
          // The shared rows name each player's numbers: they follow the new name.
          for (const who of calc.form.querySelectorAll(`[data-row-who="${i}"]`)) who.textContent = ` (${nameOf(calc, i)})`;
          calc.schedule();
        } },
      }),
      el("output", { class: "rb-running", "data-running-total": i }),
      el("span", { class: "rb-error", id: `${id}-error`, hidden: true, "data-error-for": `players[${i}]` })));
  }
  table.append(el("thead", {}, head));
  const body = el("tbody");
  let group = undefined;
  const tiebreakOnly = tiebreakInputs(calc);
  const parts = tieParts(calc);
  endState(calc); // whom each of those counts for only on a tie (askedOf)
  // A table opened with tiebreak entries (a link, Undo, a kept game) shows them; a
  // keystroke never rebuilds the form, so the fold never opens under the fingers.
  /** Whether player ``i`` enters ``id`` in the fold. @param {number} i @param {string} id */
  const folded = (i, id) => tiebreakOnly.has(id) || (parts.has(id) && !!calc.tieBy?.[i]?.has(id));
  if (calc.values.slice(0, calc.count).some((row, i) => Object.keys(row).some((id) => folded(i, id) && given(row[id])))) calc.tieOpen = true;
  let inFold = false;
  /** A row of the fold is hidden while the fold is closed. @param {HTMLElement} row */
  const fold = (row) => {
    if (!inFold) return row;
    row.setAttribute("data-tie-only", "");
    row.classList.toggle("rb-folded", !calc.tieOpen);
    return row;
  };
  const shown = activeInputs(calc);
  // Chip rows and help buttons (compact.js): the rows themselves are built there.
  const rows = new CompactRows(calc, shown);
  for (const spec of shown) {
    if (rows.skip(spec)) continue;
    if (!inFold && tiebreakOnly.has(spec.id)) {
      inFold = true;
      group = undefined;
      rows.newSection();
      body.append(foldRow(calc));
    }
    const dependent = !rows.compact(spec) && calc.after?.has(spec.id);
    const section = rows.section(spec);
    if (!dependent && section !== group) {
      group = section;
      rows.newSection();
      if (group && s.groups?.[group] && rows.headed(group)) {
        body.append(fold(el("tr", { class: "rb-group" }, el("th", { scope: "rowgroup", colspan: calc.count + 1 },
          t.text(s.groups[group], `scoring.groups.${group}`)))));
      }
    }
    const row = rows.row(spec);
    // A field shown under the one it depends on (main's placing) keeps that place.
    if (dependent) {
      row.classList.add("rb-dependent");
      row.setAttribute("data-after", calc.after?.get(spec.id) ?? "");
    }
    body.append(fold(row));
  }
  // The copies, in the fold, of the rows some players need only on a tie (showAsked()
  // puts each player's field in one of the two).
  const copies = shown.filter((spec) => parts.has(spec.id));
  if (copies.length && !inFold) {
    inFold = true;
    rows.newSection();
    body.append(foldRow(calc));
  }
  for (const spec of copies) body.append(fold(rows.tieCopy(spec)));
  table.append(body);
  const box = el("div", { class: `rb-calc-scroll rb-view-${calc.view}` }, table);
  if (!one) return box;
  const next = el("button", {
    type: "button", class: "md-button rb-next-player", "data-next-player": "", "data-focus-key": "next-player",
    on: { click: () => {
      if (calc.current + 1 >= calc.count) {
        calc.results.scrollIntoView({ block: "start" });
        return;
      }
      show(calc, calc.current + 1);
      /** @type {HTMLElement | null} */ (calc.form.querySelector(`[data-col="${calc.current}"] input, [data-col="${calc.current}"] select`))?.focus();
      calc.form.querySelector("[data-switcher]")?.scrollIntoView({ block: "nearest" });
    } },
  });
  return el("div", { class: "rb-one-player" }, switcher(calc), box, el("p", {}, next));
}

/**
 * Where the grid's head row sticks: under the site's header when every column fits the
 * page (the page scrolls), else at the top of the grid's own box, which then scrolls
 * both ways inside the page.
 * @param {Calculator} calc
 */
export function fit(calc) {
  const box = /** @type {HTMLElement | null} */ (calc.form.querySelector(".rb-calc-scroll"));
  if (!box) return;
  box.classList.remove("rb-scrolls");
  box.classList.toggle("rb-scrolls", box.scrollWidth > box.clientWidth + 1);
  // Where resize observers exist, the grid's own follows its size (fitWhenLaidOut()).
  if (!calc.fitting && !calc.sizes) {
    calc.fitting = true;
    addEventListener("resize", () => fit(calc));
  }
}

/**
 * fit() the new grid once the browser lays it out (a resize observer's first call comes
 * after layout and before paint), instead of measuring it at once: that made the browser
 * lay out the whole page inside the calculator's first task, before it was ever shown.
 * @param {Calculator} calc
 */
export function fitWhenLaidOut(calc) {
  const box = calc.form.querySelector(".rb-calc-scroll");
  if (!calc.sizes || !box) return fit(calc);
  calc.sizes.disconnect();
  calc.sizes.observe(box);
}
