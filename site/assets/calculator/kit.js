// What the widgets (scoresheet.js, generator.js) and the table tools (table.js and the
// modules it uses) share: elements built from text, never from markup, and the words of the
// page's language.
//
// Names, links and stored tables are untrusted: they only ever reach the page through
// textContent, setAttribute and CSSOM properties.

const SVG = "http://www.w3.org/2000/svg";

/**
 * What a widget's data island holds for its words: the page's language, the interface
 * strings and count phrases, and the language of each text that falls back (by context).
 * @typedef {{language?: string, ui?: Record<string, string>, counts?: Record<string, {lang: string, forms: Record<string, string>, count?: string}>, fallback?: Record<string, string>}} WordsIsland
 */

/**
 * An element's attributes as el() takes them: ``text``, ``on`` (listeners by event),
 * ``style`` (CSSOM properties), and every other attribute's value (true: present, null,
 * undefined and false: absent).
 * @typedef {Record<string, unknown>} Attrs
 */

/**
 * An element. ``text`` sets textContent, ``on`` adds listeners, ``style`` sets CSSOM
 * properties; every other key is an attribute (true: present, null/false: absent).
 * Children are nodes, texts or numbers (null and false are left out), lists of them too.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Attrs} [attrs] @param {...unknown} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/**
 * Set a node's text, or an attribute (null removes it), only when it differs: writing the
 * same value again still makes the browser restyle the node, on every keystroke.
 * @param {Element} node @param {string} text
 */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** @param {Element} node @param {string} name @param {string | null} value */
export function setAttr(node, name, value) {
  if (node.getAttribute(name) === value) return;
  if (value == null) node.removeAttribute(name);
  else node.setAttribute(name, value);
}

/** An SVG element, as el() builds HTML ones. @param {string} tag @param {Attrs} [attrs] @param {...unknown} children */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG, tag), attrs, children);
}

/**
 * Set attributes, listeners, styles and children on an element.
 * @template {HTMLElement | SVGElement} T @param {T} node @param {Attrs} attrs @param {unknown[]} children @returns {T}
 */
function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "on") for (const [event, fn] of Object.entries(/** @type {Record<string, EventListener>} */ (value))) node.addEventListener(event, fn);
    else if (key === "style") for (const [name, v] of Object.entries(/** @type {Record<string, unknown>} */ (value))) node.style.setProperty(name, String(v));
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    node.append(typeof child === "object" ? /** @type {Node} */ (child) : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * The form of a count phrase for ``n``: ``forms`` by CLDR plural category, chosen by the
 * plural rules of ``lang`` (the language the forms are written in).
 * @param {Record<string, string> | undefined} forms @param {string} lang @param {number} n
 */
export function pluralForm(forms, lang, n) {
  if (!forms) return undefined;
  return forms[pluralRules(lang).select(n)] ?? forms.other ?? Object.values(forms)[0];
}

// Made once per language: building an Intl object costs far more than using it, and the
// calculator formats every number of the result on each keystroke.
/** @type {Map<string, Intl.PluralRules>} */
const PLURAL_RULES = new Map();
/** @type {Map<string, Intl.NumberFormat>} */
const NUMBER_FORMATS = new Map();

/** The plural rules of ``lang``. @param {string} lang @returns {Intl.PluralRules} */
export function pluralRules(lang) {
  let found = PLURAL_RULES.get(lang);
  if (!found) PLURAL_RULES.set(lang, (found = new Intl.PluralRules(lang)));
  return found;
}

/** @type {Map<string, Intl.ListFormat>} */
const LIST_FORMATS = new Map();

/** How ``lang`` joins a list ("A, B and C"). @param {string} lang @param {"conjunction" | "disjunction"} type @returns {Intl.ListFormat} */
export function listFormat(lang, type) {
  const key = `${lang} ${type}`;
  let found = LIST_FORMATS.get(key);
  if (!found) LIST_FORMATS.set(key, (found = new Intl.ListFormat(lang, { type })));
  return found;
}

/** How ``lang`` writes numbers. @param {string} lang @returns {Intl.NumberFormat} */
export function numberFormat(lang) {
  let found = NUMBER_FORMATS.get(lang);
  if (!found) NUMBER_FORMATS.set(lang, (found = new Intl.NumberFormat(lang)));
  return found;
}

/**
 * A setup step's text in the form its count needs (``forms`` come with the island, in
 * the language ``forms_lang`` says).
 * @param {import("../../../tools/typecheck/export").SetupStep | undefined} declared the step as exported
 * @param {{text: string, values?: Record<string, unknown>}} step the step as dealt
 */
export function stepText(declared, step) {
  const n = declared?.count != null ? step.values?.[declared.count] : undefined;
  return (typeof n === "number" && pluralForm(declared?.forms, /** @type {string} */ (declared?.forms_lang), n)) || step.text;
}

/**
 * Replace {name} placeholders in one pass: a value that holds braces stays as it is.
 * @param {string} text @param {Record<string, unknown>} values
 */
export function fillIn(text, values) {
  return String(text).replace(/\{([a-z][a-z0-9_]*)\}/g, (all, name) => (Object.hasOwn(values, name) ? String(values[name]) : all));
}

/**
 * The page's words: interface strings, count phrases, numbers and lists in its language,
 * and the "not translated" mark of a text shown in another language (the island's
 * ``fallback`` names those texts by catalog context).
 */
export class Words {
  /** @param {WordsIsland} island the widget's data island */
  constructor(island) {
    this.lang = island.language || "en";
    /** @type {Record<string, string>} */
    this.ui = island.ui ?? {};
    /** @type {Record<string, {lang: string, forms: Record<string, string>, count?: string}>} */
    this.counts = island.counts ?? {};
    /** @type {Record<string, string>} the language of each text that falls back, by context */
    this.fallback = island.fallback ?? {};
  }

  /** An interface string with its placeholders filled (a count phrase in the form its number needs). @param {string} key @param {Record<string, unknown>} [values] */
  t(key, values = {}) {
    const phrase = this.counts[key];
    const n = phrase?.count != null ? values[phrase.count] : undefined;
    if (phrase && typeof n === "number") return fillIn(pluralForm(phrase.forms, phrase.lang, n) ?? this.ui[key] ?? key, values);
    return fillIn(this.ui[key] ?? key, values);
  }

  /** What goes between a label and its value: ": ", or the language's own (French " : "). */
  colon() {
    return this.ui.colon ?? ": ";
  }

  /** Placeholders filled in one pass. @param {string} text @param {Record<string, unknown>} values */
  fill(text, values) {
    return fillIn(text, values);
  }

  /** A number as the language writes it (a list as its numbers). @param {unknown} n @returns {string} */
  num(n) {
    return typeof n === "number" ? numberFormat(this.lang).format(n) : Array.isArray(n) ? n.map((x) => this.num(x)).join(" · ") : String(n ?? "—");
  }

  /** A count phrase ("21 очко", "22 очки"), chosen by the language's plural rules. @param {string} key @param {number} n */
  count(key, n) {
    const phrase = this.counts[key];
    if (!phrase) return this.num(n);
    const forms = phrase.forms;
    const pattern = forms[pluralRules(phrase.lang).select(n)] ?? forms.other ?? Object.values(forms)[0];
    return fillIn(pattern, { count: numberFormat(this.lang).format(n) });
  }

  /** Names joined as the language joins a list ("A, B and C"). @param {string[]} names */
  list(names) {
    return listFormat(this.lang, "conjunction").format(names);
  }

  /** Choices joined as alternatives ("A, B or C"). @param {string[]} items */
  either(items) {
    return listFormat(this.lang, "disjunction").format(items);
  }

  /** The "not translated" mark shown after a fallback. */
  mark() {
    return el("small", {
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
    return el("span", {}, el("span", { class: "rb-fallback", lang, text }), this.mark());
  }

  /** An interface string as a node, marked when it is in English for want of a translation. @param {string} key @param {Record<string, unknown>} [values] */
  node(key, values) {
    return this.text(this.t(key, values), `ui.${key}`);
  }
}
