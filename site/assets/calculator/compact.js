// The calculator's form kept short on a phone (issue 28): the yes/no fields of a group the
// scoring declares a chip row (``presentation: {group: chip_row}``) are one row of toggle
// chips, the counts of a number row (``number_row``) one row of small boxes, each under its
// short text, and a field's help waits behind an ⓘ button beside its label, given once for
// a run of rows that share it (a template's copies, the same note on every pile).
//
// Every chip is the field's own checkbox, and every box the field's own number input (same
// data-input, state, link and storage as a row of its own): a chip is stretched over its
// pill so that a tap anywhere on it toggles it; a box's text is its label, so a tap on the
// text focuses the box. A table reaches a group with one tap or Next key, and the fields it
// leaves empty cost nothing (the next one typed is one tap away, on the same line).

import { el } from "./kit.js";

/**
 * @typedef {import("./scoresheet.js").Calculator} Calculator
 * @typedef {import("./kit.js").Words} Words
 * @typedef {import("../../../tools/typecheck/export").Input} Input
 * @typedef {import("../../../tools/typecheck/export").Scoring} Scoring
 */

let uid = 0;
/** A fresh element id. @param {string} prefix */
const nextId = (prefix) => `rb-${prefix}-${++uid}`;

/** The groups the scoring shows as a row of chips. @param {Pick<Scoring, "presentation">} scoring @returns {Set<string>} */
export function chipGroups(scoring) {
  return presentedAs(scoring, "chip_row");
}

/** The groups the scoring shows as one row for all their fields (chips, small boxes). @param {Pick<Scoring, "presentation">} scoring @returns {Set<string>} */
export function compactGroups(scoring) {
  return new Set([...presentedAs(scoring, "chip_row"), ...presentedAs(scoring, "number_row")]);
}

/** The groups the scoring shows ``how``. @param {Pick<Scoring, "presentation">} scoring @param {string} how @returns {Set<string>} */
function presentedAs(scoring, how) {
  return new Set(Object.entries(scoring.presentation ?? {}).filter(([, shown]) => shown === how).map(([group]) => group));
}

/** A field's short text in its compact row (a chip's, a box's), in the page's language. @param {Words} t @param {{id: string, chip?: string | number}} spec */
function shortText(t, spec) {
  return typeof spec.chip === "string" ? t.text(spec.chip, `scoring.inputs.${spec.id}.chip`) : document.createTextNode(String(spec.chip));
}

/** Lets the fields of ``row`` name ``helpId`` as their description too. @param {Element} row @param {string} helpId */
function describe(row, helpId) {
  for (const field of row.querySelectorAll("[data-input]")) {
    field.setAttribute("aria-describedby", `${helpId} ${field.getAttribute("aria-describedby") ?? ""}`.trim());
  }
}

/**
 * The rows of the calculator's grid for the inputs shown, built one input at a time in the
 * form's order (formparts.js grid()): a row per field, one row per chip group (at its first input).
 */
export class CompactRows {
  /**
   * @param {Calculator} calc the calculator: its texts, game, player count, column ids and field()
   * @param {Input[]} shown the inputs the form shows, in order
   */
  constructor(calc, shown) {
    this.calc = calc;
    this.scoring = calc.game.scoring;
    this.chips = chipGroups(this.scoring);
    this.numbers = presentedAs(this.scoring, "number_row");
    this.shown = shown;
    /** @type {Set<string>} the chip groups drawn already */
    this.drawn = new Set();
    /** @type {{key: string, id: string} | null} the help given last in this section */
    this.lastHelp = null;
  }

  /**
   * The heading a row stands under: its group. A chip row stands inside the section around
   * it when the plain fields declared just before and after it share a group (Nobles among
   * the customers); otherwise it is a section of its own, its name on a heading's band.
   * @param {Input} spec
   */
  section(spec) {
    if (!this.chips.has(spec.group ?? "")) return spec.group;
    const inputs = this.scoring.inputs;
    const at = inputs.findIndex((i) => i.id === spec.id);
    const plain = (/** @type {Input} */ i) => !this.chips.has(i.group ?? "");
    const after = inputs.slice(at + 1).find(plain);
    const before = inputs.slice(0, at).reverse().find(plain);
    return before && after && before.group === after.group ? before.group : spec.group;
  }

  /** Whether a section gets a heading row: a chip or number row's own section is headed by the row itself. @param {string} group */
  headed(group) {
    return !this.chips.has(group) && !this.numbers.has(group);
  }

  /** A new heading: its first help is shown again. */
  newSection() {
    this.lastHelp = null;
  }

  /** Whether ``spec`` is one field of a chip or number row. @param {Input} spec */
  compact(spec) {
    return this.chips.has(spec.group ?? "") || this.numbers.has(spec.group ?? "");
  }

  /** The shown fields of ``group``'s compact row, in the order the scoring declares them. @param {string} group */
  members(group) {
    const order = this.scoring.inputs.map((i) => i.id);
    return this.shown.filter((i) => i.group === group).sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  }

  /**
   * Whether the form passes ``spec`` by: its compact row is drawn already, or is drawn at
   * another of its fields. A field asked only under a condition on a field elsewhere
   * (relevance.js places it under that one) stays in its row, which is drawn where its
   * first field that is not so placed comes. @param {Input} spec
   */
  skip(spec) {
    if (!this.compact(spec)) return false;
    const group = /** @type {string} */ (spec.group); // a compact row's field has its group
    if (this.drawn.has(group)) return true;
    const members = this.members(group);
    const at = members.find((m) => !this.calc.after?.has(m.id)) ?? members[0];
    return at.id !== spec.id;
  }

  /** The row of ``spec``, the row of its group when that is a chip or number row. @param {Input} spec */
  row(spec) {
    if (!this.compact(spec)) return this.fieldRow(spec);
    const group = /** @type {string} */ (spec.group);
    this.drawn.add(group);
    const members = this.members(group);
    return this.chips.has(group) ? this.chipRow(group, members) : this.numberRow(group, members);
  }

  /**
   * A compact row's head: the group's name, the members' help once, and a row element
   * that names its members (showAsked() hides each one a player does not need).
   * @param {string} group @param {Input[]} members
   */
  groupRow(group, members) {
    const t = this.calc.texts;
    const label = this.scoring.groups?.[group] ?? group;
    const { labelId, head } = this.head(t.text(label, `scoring.groups.${group}`));
    const helps = [...new Map(members.filter((m) => m.help).map((m) => [m.help, m])).values()];
    const texts = helps.map((m) => t.text(m.help ?? "", `scoring.inputs.${m.id}.help`)); // each has its help
    const helpId = this.help(head, `group:${group}`, texts, label, `help:${group}`);
    const row = el("tr", { "data-row": group, "data-members": members.map((m) => m.id).join(" ") }, head);
    return { labelId, helpId, row };
  }

  /**
   * A number row: the group's name, its help once, and per player a line of small boxes,
   * one per count, each under its short text and named by the field's full label.
   * @param {string} group @param {Input[]} members
   */
  numberRow(group, members) {
    const t = this.calc.texts;
    const { labelId, helpId, row } = this.groupRow(group, members);
    row.setAttribute("data-number-row", this.section(members[0]) === group ? "alone" : "");
    // The boxes are as wide as the longest word over them (a caption wraps between words).
    const words = members.flatMap((m) => (shortText(t, m).textContent ?? "").split(/\s+/));
    row.style.setProperty("--rb-word", String(Math.max(...words.map((w) => w.length))));
    for (let i = 0; i < this.calc.count; i++) {
      const errors = [];
      const boxes = el("div", { class: "rb-numbers", role: "group", "aria-labelledby": `${labelId} ${this.calc.columnIds?.[i] ?? ""}`.trim() });
      for (const spec of members) {
        const [box, error] = this.calc.field(spec, i, labelId, { plain: true });
        box.removeAttribute("aria-labelledby");
        box.setAttribute("aria-label", spec.label);
        boxes.append(el("label", { class: "rb-number", "data-cell": spec.id }, el("span", { class: "rb-number-text" }, shortText(t, spec)), box));
        errors.push(error);
      }
      row.append(el("td", { "data-col": i }, boxes, ...errors));
    }
    if (helpId) describe(row, helpId);
    return row;
  }

  /**
   * A row's head: the label (what names its fields) and, after it, the help button. Its
   * length in characters lets the one-player view set the label beside the field only when
   * it fits there in two lines at most (calculator.css), else above it, at full width.
   * @param {Node} label
   */
  head(label) {
    const labelId = nextId("calc-label");
    const head = el("th", { scope: "row" }, el("span", { id: labelId, class: "rb-label" }, label));
    head.style.setProperty("--rb-label-length", String((label.textContent ?? "").length));
    return { labelId, head };
  }

  /**
   * Give ``texts`` as the help of the row whose head is ``head``: an ⓘ button that shows or
   * hides them, unless the row before gave the same help (then its fields name that one).
   * @param {HTMLElement} head @param {string} key what the help says @param {Node[]} texts
   * @param {string} label the row's label, for the button's name @param {string} focusKey
   * @returns {string | null} the id of the help text
   */
  help(head, key, texts, label, focusKey) {
    if (!texts.length) {
      this.lastHelp = null;
      return null;
    }
    if (this.lastHelp?.key === key) return this.lastHelp.id;
    const id = nextId("calc-help");
    const text = el("small", { class: "rb-help", id, hidden: true, "data-help": "" }, ...texts.flatMap((n, k) => (k ? [" ", n] : [n])));
    const button = el("button", {
      type: "button", class: "rb-info", "aria-expanded": "false", "aria-controls": id, "data-help-toggle": "", "data-focus-key": focusKey,
      "aria-label": this.calc.texts.t("calc_help_for", { field: label }),
      on: { click: () => {
        const open = button.getAttribute("aria-expanded") !== "true";
        button.setAttribute("aria-expanded", String(open));
        text.hidden = !open;
      } },
    }, el("span", { class: "rb-info-mark", "aria-hidden": "true", text: "i" }));
    head.append(button, text);
    this.lastHelp = { key, id };
    return id;
  }

  /** One field's row: its label, its help button, a cell per player. @param {Input} spec */
  fieldRow(spec) {
    const t = this.calc.texts;
    const context = `scoring.inputs.${spec.id}`;
    const { labelId, head } = this.head(t.text(spec.label, `${context}.label`));
    const texts = [
      ...(spec.help ? [t.text(spec.help, `${context}.help`)] : []),
      ...(spec.kind === "sequence" ? [t.node("sequence_help")] : []),
    ];
    const helpId = this.help(head, `${spec.kind === "sequence"}:${spec.help ?? ""}`, texts, spec.label, `help:${spec.id}`);
    const row = el("tr", { "data-row": spec.id }, head);
    for (let i = 0; i < this.calc.count; i++) row.append(el("td", { "data-col": i }, this.calc.field(spec, i, labelId)));
    if (helpId) describe(row, helpId);
    return row;
  }

  /**
   * The copy in the tie fold of a field's row (asked.js tieParts()): its label and an empty
   * cell per player, where the form moves the field of each player who needs it only on a
   * tie (its controls keep naming the row they were made in).
   * @param {Input} spec
   */
  tieCopy(spec) {
    const t = this.calc.texts;
    const { head } = this.head(t.text(spec.label, `scoring.inputs.${spec.id}.label`));
    const row = el("tr", { "data-row": spec.id, "data-tie-copy": "" }, head);
    for (let i = 0; i < this.calc.count; i++) row.append(el("td", { "data-col": i }));
    return row;
  }

  /**
   * A chip group's row: the group's name, its help once, and per player a row of chips, one
   * per field, each named by the field's full label.
   * @param {string} group @param {Input[]} members
   */
  chipRow(group, members) {
    const t = this.calc.texts;
    const { labelId, helpId, row } = this.groupRow(group, members);
    row.setAttribute("data-chip-row", this.section(members[0]) === group ? "alone" : "");
    for (let i = 0; i < this.calc.count; i++) {
      const errors = [];
      const chips = el("div", { class: "rb-chips", role: "group", "aria-labelledby": `${labelId} ${this.calc.columnIds?.[i] ?? ""}`.trim() });
      for (const spec of members) {
        const [box, error] = this.calc.field(spec, i, labelId);
        box.removeAttribute("aria-labelledby");
        box.setAttribute("aria-label", spec.label);
        chips.append(el("label", { class: "rb-chip", "data-cell": spec.id }, box, el("span", { class: "rb-chip-text" }, shortText(t, spec))));
        errors.push(error);
      }
      row.append(el("td", { "data-col": i }, chips, ...errors));
    }
    if (helpId) describe(row, helpId);
    return row;
  }
}

/**
 * The help of fields laid out one under the other (the table's shared fields): behind an ⓘ
 * button beside each label, and said once for a run of fields with the same help (River of
 * Gold's six scoring tiles), whose controls all name the first one.
 * @param {HTMLElement[]} fields ``.rb-field`` blocks, each a label, a control and maybe a help
 * @param {Words} texts the page's words
 * @returns {HTMLElement[]} the same fields
 */
export function helpBehindButtons(fields, texts) {
  /** @type {{text: string, id: string} | null} */
  let last = null;
  for (const field of fields) {
    const help = /** @type {HTMLElement | null} */ (field.querySelector(":scope > .rb-help"));
    const label = field.querySelector(":scope > label");
    const control = label && field.querySelector(`#${CSS.escape(label.getAttribute("for") ?? "")}`);
    if (!help || !label || !control) {
      last = null;
      continue;
    }
    const text = help.textContent ?? "";
    if (!help.id) help.id = nextId("calc-help");
    const said = last?.text === text ? last.id : null;
    const described = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== help.id);
    control.setAttribute("aria-describedby", [said ?? help.id, ...described].join(" "));
    if (said) {
      help.remove();
      continue;
    }
    help.hidden = true;
    help.setAttribute("data-help", "");
    const button = el("button", {
      type: "button", class: "rb-info", "aria-expanded": "false", "aria-controls": help.id, "data-help-toggle": "",
      "data-focus-key": `help:${control.getAttribute("data-focus-key") ?? help.id}`,
      "aria-label": texts.t("calc_help_for", { field: label.textContent ?? "" }),
      on: { click: () => {
        const open = button.getAttribute("aria-expanded") !== "true";
        button.setAttribute("aria-expanded", String(open));
        help.hidden = !open;
      } },
    }, el("span", { class: "rb-info-mark", "aria-hidden": "true", text: "i" }));
    label.after(button);
    last = { text, id: help.id };
  }
  return fields;
}
