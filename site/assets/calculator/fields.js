// Single-field problems, as scorer/fields.py and scorer/reading.py find them.
//
// The checks are driven by the end state's JSON Schema, which scorer/export.py exports
// from the same pydantic model the Python engine validates with: a keyword of the schema
// stands for one pydantic check, with the same problem code and parameters (a type, a
// bound, a list's length, a name's length and characters). Nothing here names a game.
//
// readEndState() reads a file's bytes within the bounds scorer/reading.py sets.

import { echoOf, excerpt, problem } from "./problems.js";
import { sharedValue } from "./rows.js";

/**
 * @typedef {import("./problems.js").Problem} Problem @typedef {import("./problems.js").Step} Step
 * @typedef {import("./problems.js").ProblemCode} ProblemCode
 */
/** @template {ProblemCode} C @typedef {import("./problems.js").ParamsOf<C>} ParamsOf */
/**
 * @typedef {import("../../../tools/typecheck/export").CalculatorExport} CalculatorExport
 * @typedef {import("../../../tools/typecheck/export").JsonSchema} JsonSchema
 * @typedef {import("../../../tools/typecheck/export").Normalize} Normalize
 * @typedef {import("../../../tools/typecheck/export").TableInput} TableInput
 * @typedef {import("../../../tools/typecheck/export").Choice} Choice
 * @typedef {import("./values.js").Row} Row
 */

/** The largest end-state file, in bytes (scorer/reading.py MAX_BYTES). */
export const MAX_BYTES = 1_000_000;
/** The deepest nesting of arrays and objects (scorer/reading.py MAX_DEPTH). */
export const MAX_DEPTH = 16;

/** A number the file wrote with a fraction or an exponent: JSON.parse cannot tell 3.0 from 3. */
export class JsonFloat {
  /** @param {string} text */
  constructor(text) {
    this.text = text;
  }
}

// A string without its closing quote runs to the end of the text: the match never fails, so
// it is never tried again from each quote inside it (a megabyte of \" would take minutes).
const TOKENS = /"(?:[^"\\]|\\.)*"?|[[\]{}]/gs;
/** How deeply arrays and objects nest in ``text``. @param {string} text */
export function nestingDepth(text) {
  let depth = 0;
  let deepest = 0;
  for (const [token] of text.matchAll(TOKENS)) {
    if (token == "[" || token == "{") deepest = Math.max(deepest, ++depth);
    else if (token == "]" || token == "}") depth--;
  }
  return deepest;
}

// Strings, or numbers with a fraction or an exponent (marked before parsing).
const FLOATS = /"(?:[^"\\]|\\.)*"?|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/gs;
const MARK = "\u0000rulebook-float:";

/** @param {unknown} value @returns {unknown} */
function revive(value) {
  if (typeof value == "string" && value.startsWith(MARK)) return new JsonFloat(value.slice(MARK.length));
  if (Array.isArray(value)) return value.map(revive);
  if (value !== null && typeof value == "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  return value;
}

/**
 * A file's parsed JSON, or the problem that stops it being read.
 * @param {Uint8Array} bytes @returns {{problems: Problem[], raw: unknown}}
 */
export function readEndState(bytes) {
  const fail = (/** @type {Problem} */ found) => ({ problems: [found], raw: null });
  if (bytes.length > MAX_BYTES) return fail(problem([], "file_too_large", { max: MAX_BYTES }));
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); // a BOM is dropped
  } catch {
    return fail(problem([], "not_utf8"));
  }
  if (nestingDepth(text) > MAX_DEPTH) return fail(problem([], "too_deep", { max: MAX_DEPTH }));
  const marked = text.replace(FLOATS, (token) => (token[0] == '"' || !/[.eE]/.test(token) ? token : JSON.stringify(MARK + token)));
  let raw;
  try {
    raw = revive(JSON.parse(marked));
  } catch {
    return fail(problem([], "not_json"));
  }
  const repeated = repeatedKeys(text, raw);
  return repeated.length ? { problems: repeated.map((loc) => problem(loc, "duplicate_key")), raw: null } : { problems: [], raw };
}

// Strings (keys and values) and the marks that give them their place: brackets, commas, colons.
const STRUCTURE = /"(?:[^"\\]|\\.)*"|[[\]{},:]/g;

/**
 * Where the objects of ``text`` (already read as JSON into ``raw``) name a key twice: the
 * key's path, once per key and object, in the order scorer/reading.py gives them (an
 * object's own keys, then what its values hold). JSON.parse keeps the last value without a
 * word, and which one the writer meant is not known, so both runtimes refuse the file.
 * @param {string} text @param {unknown} raw @returns {Step[][]}
 */
export function repeatedKeys(text, raw) {
  /** @type {{keys: Set<string> | null, key: string, index: number}[]} */
  const open = [];
  /** Parent path (as JSON) -> the keys its object names again, first repeat first. */
  const repeats = new Map();
  let wantKey = false;
  for (const [token] of text.matchAll(STRUCTURE)) {
    const top = open[open.length - 1];
    if (token == "{" || token == "[") {
      open.push({ keys: token == "{" ? new Set() : null, key: "", index: 0 });
      wantKey = token == "{";
    } else if (token == "}" || token == "]") {
      open.pop();
      wantKey = false;
    } else if (token == ",") {
      if (top.keys) wantKey = true;
      else top.index++;
    } else if (token != ":" && wantKey && top.keys) {
      const key = JSON.parse(token);
      if (top.keys.has(key)) {
        const at = JSON.stringify(open.slice(0, -1).map((f) => (f.keys ? f.key : f.index)));
        const keys = repeats.get(at) ?? [];
        if (!keys.includes(key)) repeats.set(at, [...keys, key]);
      }
      top.keys.add(key);
      top.key = key;
      wantKey = false;
    }
  }
  if (!repeats.size) return [];
  /** @type {Step[][]} */
  const found = [];
  /** @param {unknown} value @param {Step[]} loc @returns {void} */
  const walk = (value, loc) => {
    if (Array.isArray(value)) return value.forEach((item, index) => walk(item, [...loc, index]));
    if (value === null || typeof value != "object" || value instanceof JsonFloat) return;
    for (const key of repeats.get(JSON.stringify(loc)) ?? []) found.push([...loc, key]);
    for (const [key, item] of Object.entries(value)) walk(item, [...loc, key]);
  };
  walk(raw, []);
  return found;
}

/** Whether ``x`` is a JSON object (not an array, not a number read as JsonFloat). @param {unknown} x @returns {x is Record<string, unknown>} */
export const isObject = (x) => x !== null && typeof x == "object" && !Array.isArray(x) && !(x instanceof JsonFloat);
// A lone surrogate: not text (pydantic's string_unicode).
const LONE = /\p{Cs}/u;

/**
 * A name as schemas/names.py normalize_name makes it: trimmed, then NFC.
 * @param {Normalize} rule the schema's x-normalize
 * @param {string} text
 */
export const normalize = (rule, text) => text.replace(new RegExp(`^[${rule.trim}]+|[${rule.trim}]+$`, "gu"), "").normalize(rule.form);

/**
 * Every single-field problem of ``value`` against ``schema`` (a JSON Schema as pydantic
 * exports it), at ``loc``.
 * @param {JsonSchema} schema @param {unknown} value @param {Step[]} [loc] @param {JsonSchema} [root] the schema holding $defs
 * @returns {Problem[]}
 */
export function fieldProblems(schema, value, loc = [], root = schema) {
  /** @type {Problem[]} */
  const out = [];
  // A pydantic schema holds what each keyword needs ($defs for a $ref, a type in anyOf):
  // the casts below say so.
  const defs = /** @type {Record<string, JsonSchema>} */ (root.$defs);
  // Objects are walked in the end state alone, whose schema says how a key is echoed.
  const echo = echoOf(root);
  /** @param {JsonSchema} s @param {unknown} v @param {Step[]} at @returns {number | undefined} */
  const check = (s, v, at) => {
    if (s.$ref) s = defs[/** @type {string} */ (s.$ref.split("/").pop())];
    /** @type {<C extends ProblemCode>(code: C, ...params: ParamsOf<C>) => number} */
    const add = (code, ...params) => out.push(problem(at, code, ...params));
    if (s.anyOf) {
      if (v === null && s.anyOf.some((x) => x.type == "null")) return;
      return check(/** @type {JsonSchema} */ (s.anyOf.find((x) => x.type != "null")), v, at);
    }
    if ("const" in s || "enum" in s) {
      // The end state's constants and enumerations are ids: the game's, a choice's.
      const allowed = /** @type {string[]} */ (s.enum ?? [s.const]);
      if (allowed.includes(/** @type {string} */ (v))) return;
      return at.length == 1 && at[0] == "game" ? add("wrong_game", { expected: allowed[0] }) : add("choice", { allowed });
    }
    if (s.type == "object") {
      if (!isObject(v)) return add("object_type");
      for (const key of Object.keys(v)) {
        if (Object.hasOwn(s.properties ?? {}, key)) check(/** @type {Record<string, JsonSchema>} */ (s.properties)[key], v[key], [...at, key]);
        else if (s.additionalProperties === false) out.push(problem([...at, excerpt(key, echo)], "unknown_field"));
      }
      for (const key of s.required ?? []) if (!Object.hasOwn(v, key)) out.push(problem([...at, key], "missing"));
    } else if (s.type == "array") {
      if (!Array.isArray(v)) return add("list_type");
      if (s.maxItems != null && v.length > s.maxItems) return add("too_long", { count: s.maxItems }); // items unchecked, as pydantic
      v.forEach((item, k) => check(/** @type {JsonSchema} */ (s.items), item, [...at, k]));
    } else if (s.type == "integer") {
      if (typeof v == "number" && !Number.isFinite(v)) return add("number_too_large");
      if (typeof v != "number" || !Number.isInteger(v)) return add("int_type");
      if (s.minimum != null && v < s.minimum) return add("below_min", { min: s.minimum });
      if (s.maximum != null && v > s.maximum) add("above_max", { max: s.maximum });
    } else if (s.type == "boolean") {
      if (typeof v != "boolean") add("bool_type");
    } else if (s.type == "string") {
      if (typeof v != "string") return add("string_type");
      if (LONE.test(v)) return add("name_control");
      const text = s["x-normalize"] ? normalize(s["x-normalize"], v) : v;
      const length = [...text].length;
      if (s.minLength != null && length < s.minLength) return add("name_empty");
      // Nothing of it shows (zero-width spaces, Hangul fillers): as good as empty.
      if (s["x-invisible"] != null && new RegExp(`^[${s["x-invisible"]}]*$`, "u").test(text)) return add("name_empty");
      if (s.maxLength != null && length > s.maxLength) return add("name_too_long", { count: s.maxLength });
      if (s.pattern != null && !new RegExp(s.pattern, "u").test(text)) add("name_control");
    }
  };
  check(schema, value, loc);
  return out;
}

// ---------------------------------------------------------------------------------------
// The form's table fields: how each table input is drawn, and what it sends
// ---------------------------------------------------------------------------------------

/**
 * @typedef {{control: "number", min: number, max: number | null, value: string}} NumberField
 *   A number field (``kind: count``: a value printed on the board), from ``min`` to ``max``.
 * @typedef {{control: "menu", choices: {id: string, label: string, selected: boolean}[]}} MenuField
 *   A menu of the choices offered, after an empty "not chosen" entry.
 */

/**
 * What the form draws for a table input: every kind a usable field (a menu of no choices
 * was all a count got, showing only "not chosen").
 * @param {TableInput} spec a table input of the export @param {string | null | undefined} current what the form holds
 * @param {(choice: Choice) => boolean} offered whether a choice is offered at this table
 * @returns {NumberField | MenuField}
 */
export function tableField(spec, current, offered) {
  if (spec.kind === "count") return { control: "number", min: spec.min ?? 0, max: spec.max ?? null, value: current ?? "" };
  return {
    control: "menu",
    choices: (spec.choices ?? []).filter(offered).map((c) => ({ id: c.id, label: c.label, selected: current === c.id })),
  };
}

/**
 * The end state's ``table`` from what the form holds: a count as a number (text that is not
 * a whole number goes as text, so the runtime reports it at its field), a choice as its id,
 * an empty field left out, or with ``filled`` a count at its least, as the runtime reads it
 * (what the form's ``when`` tests need: an empty number compared with 5 is no number).
 * Rows the players share go as records, for ``count`` players (rows.js, sharedValue).
 * @param {CalculatorExport} game the export @param {Record<string, string | null>} table @param {boolean} [filled]
 * @param {number} [count] the players at the table
 * @returns {Row}
 */
export function tableState(game, table, filled = false, count = game.players?.min ?? 1) {
  /** @type {Row} */
  const out = {};
  for (const spec of game.scoring.table ?? []) {
    const given = table[spec.id];
    if (spec.kind === "rows") {
      const rows = typeof given === "string" ? sharedValue(spec, given, count) : [];
      if (rows.length || filled) out[spec.id] = rows;
      continue;
    }
    if (given == null || String(given).trim() === "") {
      if (filled && spec.kind === "count") out[spec.id] = spec.min ?? 0;
      continue;
    }
    const text = String(given).trim();
    out[spec.id] = spec.kind === "count" && /^-?\d+$/.test(text) ? Number(text) : text;
  }
  return out;
}

/**
 * Whether a ``when`` of the scoring reads this table input, so that a new value may change
 * what the form asks and it must be drawn again (never on a keystroke: only once the field
 * is left). @param {CalculatorExport} game the export @param {string} id
 */
export function whenReadsTable(game, id) {
  const s = game.scoring;
  const whens = [...(s.inputs ?? []), ...(s.table ?? []), ...(s.options ?? []), ...(s.categories ?? []), ...(s.rivals ?? [])]
    .flatMap((x) => [x.when, ...("choices" in x ? x.choices : []).map((c) => c.when)]);
  return whens.some((w) => w != null && JSON.stringify(w).includes(`"table":${JSON.stringify(id)}`));
}
