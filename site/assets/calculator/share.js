// The calculator's table and the setup generator's request as short text for the URL fragment
// (and for local storage): ids and numbers only, never labels, so a link opens the same table
// whatever the page's language.
//
//   t1;<print>;<options>;<table inputs>;<player>;<player>...   a calculator table
//   t2;<print>;<options>;<table inputs>;<player>...;@<rival>... the same, with rivals' entries
//   s1;<print>;<options>;<seed>;<name>;<name>...               a setup request
//
// <print> is a fingerprint of the game's declared ids (a link made for another version of
// the content is refused, not misread); options and table inputs are comma-separated in their
// declared order; a player is its name then the values of the inputs in declared order,
// empty ones left blank and trailing blanks dropped. Texts are percent-encoded with "+" for a
// space, so ";" and "," only ever separate. A name equal to the page's default ("Player 2")
// is left blank and comes back in the reader's language. A rival (a neutral traveller, an
// automatic opponent) is "@" and its id, then the values of its declared inputs in order: "@"
// never starts a player, whose name is percent-encoded. A table without rivals' entries is
// written t1, as before rivals existed; t2 is refused by a page too old to read it rather
// than misread.
//
// What comes back in is untrusted: decoding checks every part against the game and returns
// null for anything it would not have written itself.

import { rowsOut, sharedOut } from "./rows.js";
import { fnv1a } from "./rng.js";

/**
 * @typedef {import("../../../tools/typecheck/export").Export} Export
 * @typedef {import("../../../tools/typecheck/export").CalculatorExport} CalculatorExport
 * @typedef {import("../../../tools/typecheck/export").Input} Input
 * @typedef {import("../../../tools/typecheck/export").Option} Option
 * @typedef {import("../../../tools/typecheck/export").Rival} Rival
 * @typedef {import("../../../tools/typecheck/export").TableInput} TableInput
 * @typedef {{game: string, players: Export["players"], setup?: Pick<Export["setup"], "steps">, scoring?: Partial<Pick<Export["scoring"], "options" | "table" | "inputs">>}} Linked
 *   what a link's fingerprint reads of a game: a setup page's export has only the options of its scoring
 */

/** The longest fragment read. */
export const MAX_TEXT = 6000;
/** The longest player name, in characters (schemas/names.py NAME_MAX). */
export const MAX_NAME = 40;
const MAX_CARDS = 60;

const INT = /^-?\d{1,9}$/;
// C0 and C1 controls, and the marks that reorder text around them.
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Text as a name: no control or direction characters, trimmed, at most 40 characters. @param {unknown} text */
export const cleanName = (text) => [...String(text ?? "").replace(HIDDEN, "").trim()].slice(0, MAX_NAME).join("").trim();

const enc = (/** @type {string} */ s) => encodeURIComponent(s).replace(/%20/g, "+");
const dec = (/** @type {string} */ s) => decodeURIComponent(s.replace(/\+/g, "%20"));
const ids = (/** @type {{id: string}[] | undefined} */ xs) => (xs ?? []).map((x) => x.id).join(",");
const split = (/** @type {string} */ s) => (s === "" ? [] : s.split(","));

/** Whether a fragment is one of ours (a table or a setup), whatever its version. @param {string} text */
export const isShared = (text) => /^[st]\d+;/.test(text);

/** A fingerprint of what a table or setup text depends on. @param {Linked} game @param {"t" | "s"} kind */
export function fingerprint(game, kind) {
  const s = game.scoring ?? {};
  const parts = [game.game, ids(s.options)];
  if (kind === "t") parts.push(ids(s.table), (s.inputs ?? []).map((i) => `${i.id}:${i.kind}`).join(","));
  return fnv1a(parts.join(";")).toString(36);
}

/** @param {Option[]} options @param {Record<string, string | boolean>} chosen */
const optionsOut = (options, chosen) => options.map((o) => (o.kind === "flag" ? (chosen[o.id] ? "1" : "0") : enc(String(chosen[o.id])))).join(",");

/** The options back, or null. @param {Option[]} options @param {string} text @returns {Record<string, string | boolean> | null} */
function optionsIn(options, text) {
  const parts = split(text);
  if (parts.length !== options.length) return null;
  /** @type {Record<string, string | boolean>} */
  const out = {};
  for (const [k, o] of options.entries()) {
    const part = parts[k];
    if (o.kind === "flag") {
      if (part !== "0" && part !== "1") return null;
      out[o.id] = part === "1";
    } else {
      if (!o.choices.some((c) => c.id === part)) return null;
      out[o.id] = part;
    }
  }
  return out;
}

const BAD = Symbol("bad");

/**
 * A table input's value as the form holds it: a choice's id, or for a count (a number
 * printed on the board) its digits; undefined when blank or not a value of this input
 * (a choice that is not listed, text that is not a whole number).
 * @param {TableInput} spec a table input of the export @param {unknown} value @returns {string | undefined}
 */
export function tableValue(spec, value) {
  if (value == null || value === "") return undefined;
  const text = String(value).trim();
  if (spec.kind === "count") return INT.test(text) ? text : undefined;
  if (spec.kind === "rows") return sharedOut(spec, text);
  return (spec.choices ?? []).some((c) => c.id === text) ? text : undefined;
}

/**
 * A form value as text: "" when blank or not a value the form could send (text that is not
 * a number, a place past the last player).
 * @param {Input} spec @param {unknown} value @param {number} count @returns {string}
 */
function valueOut(spec, value, count) {
  if (value == null || value === false || value === "") return "";
  if (spec.kind === "flag") return "1";
  // The listed id itself: only a text equal to one comes out.
  if (spec.kind === "choice") return spec.choices.find((c) => c.id === value)?.id ?? "";
  if (spec.kind === "rows") return rowsOut(spec, value);
  const tokens = String(value).split(/[\s,;]+/).filter(Boolean);
  if (!tokens.length || !tokens.every((x) => INT.test(x))) return "";
  if (spec.kind === "sequence") return tokens.length <= MAX_CARDS ? tokens.join("+") : "";
  return tokens.length === 1 && valueIn(spec, tokens[0], count) !== BAD ? tokens[0] : "";
}

/**
 * A value back, undefined when blank, BAD when it is not one.
 * @param {Input} spec @param {string} text @param {number} count @returns {FormValue | undefined | typeof BAD}
 */
function valueIn(spec, text, count) {
  if (text === "") return undefined;
  if (spec.kind === "flag") return text === "1" ? true : BAD;
  if (spec.kind === "choice") return spec.choices.some((c) => c.id === text) ? text : BAD;
  if (spec.kind === "rows") return rowsOut(spec, text) || BAD;
  if (spec.kind === "sequence") {
    const tokens = text.split("+");
    return tokens.length <= MAX_CARDS && tokens.every((x) => INT.test(x)) ? tokens.join(" ") : BAD;
  }
  if (!INT.test(text)) return BAD;
  return spec.kind === "position" && !(Number(text) >= 1 && Number(text) <= count) ? BAD : text;
}

/**
 * A value as the form holds it ("5", true, "kinko", "1 2 3"), or undefined when it is blank or
 * not a value of this input's kind (a number for a flag, a choice that is not offered).
 * @param {Input} spec @param {unknown} value @param {number} count the number of players @returns {FormValue | undefined}
 */
export function formValue(spec, value, count) {
  const back = valueIn(spec, valueOut(spec, value, count), count);
  return back === BAD ? undefined : back;
}

/**
 * @typedef {string | boolean} FormValue
 *   A value read back for an input: digits, a choice's id, rows or cards as text, or a ticked flag.
 * @typedef {import("./scoresheet.js").Entered} Entered
 * @typedef {{count: number, names: string[], values: Record<string, Entered>[], options: Record<string, string | boolean>, table: Record<string, string | null>, rivals?: Record<string, Record<string, Entered>>}} Table
 *   ``rivals``: what the table entered for each rival at it, by rival id then input id.
 * @typedef {{players: number, names: string[], options: Record<string, string | boolean>, seed: string, ticked?: string[]}} SetupRequest
 *   ``ticked``: the ids of the checklist's steps already done at the table.
 */

/** A name as text: blank when it is the page's default for that seat. @param {string} name @param {number} i @param {string[]} defaults */
const nameOut = (name, i, defaults) => {
  const clean = cleanName(name);
  return clean === defaults[i] ? "" : enc(clean);
};

/** The name back: the default for a blank, null when it is not a clean name. @param {string} text @param {number} i @param {string[]} defaults */
function nameIn(text, i, defaults) {
  if (text === "") return defaults[i] ?? "";
  const name = dec(text);
  return name === cleanName(name) && name !== "" ? name : null;
}

/**
 * A calculator table as text.
 * @param {CalculatorExport} game the export @param {Table} table @param {string[]} [defaults] the default names
 */
export function encodeTable(game, table, defaults = []) {
  const s = game.scoring;
  const inputs = s.inputs ?? [];
  const players = [];
  for (let i = 0; i < table.count; i++) {
    const values = inputs.map((spec) => valueOut(spec, table.values[i]?.[spec.id], table.count));
    while (values.length && values[values.length - 1] === "") values.pop();
    players.push([nameOut(table.names[i] ?? "", i, defaults), ...values].join(","));
  }
  const tableInputs = (s.table ?? []).map((spec) => tableValue(spec, table.table[spec.id]) ?? "");
  const rivals = rivalsOut(game, table);
  const version = rivals.length ? "t2" : "t1";
  return [version, fingerprint(game, "t"), optionsOut(s.options ?? [], table.options), tableInputs.join(","), ...players, ...rivals].join(";");
}

/** The inputs of a declared rival, as specs. @param {CalculatorExport} game @param {Rival} rival @returns {Input[]} */
const rivalInputs = (game, rival) => (rival.inputs ?? []).map((id) => (game.scoring.inputs ?? []).find((i) => i.id === id)).filter((i) => i !== undefined);

/** A segment per rival with an entry ("@neutral,3"). @param {CalculatorExport} game @param {Table} table */
function rivalsOut(game, table) {
  const out = [];
  for (const rival of game.scoring.rivals ?? []) {
    const given = table.rivals?.[rival.id] ?? {};
    const values = rivalInputs(game, rival).map((spec) => valueOut(spec, given[spec.id], table.count));
    while (values.length && values[values.length - 1] === "") values.pop();
    if (values.length) out.push(["@" + rival.id, ...values].join(","));
  }
  return out;
}

/**
 * The rivals' entries back from their segments, or null when one is not a rival of this
 * game, comes twice, or holds a value its input cannot.
 * @param {CalculatorExport} game @param {string[]} segments @param {number} count @returns {Record<string, Record<string, FormValue>> | null}
 */
function rivalsIn(game, segments, count) {
  /** @type {Record<string, Record<string, FormValue>>} */
  const rivals = {};
  for (const segment of segments) {
    const [head, ...cells] = segment.split(",");
    const rival = (game.scoring.rivals ?? []).find((r) => "@" + r.id === head);
    const specs = rival ? rivalInputs(game, rival) : [];
    if (!rival || Object.hasOwn(rivals, rival.id) || !cells.length || cells.length > specs.length) return null;
    /** @type {Record<string, FormValue>} */
    const row = {};
    for (const [k, cell] of cells.entries()) {
      const value = valueIn(specs[k], cell, count);
      if (value === BAD) return null;
      if (value !== undefined) row[specs[k].id] = value;
    }
    rivals[rival.id] = row;
  }
  return rivals;
}

/**
 * A calculator table back from text, or null when the text is not one this game wrote.
 * @param {CalculatorExport} game the export @param {string} text @param {string[]} [defaults] @returns {Table | null}
 */
export function decodeTable(game, text, defaults = []) {
  try {
    if (typeof text !== "string" || text.length > MAX_TEXT) return null;
    const [version, print, optionText, tableText, ...rest] = text.split(";");
    const s = game.scoring;
    if ((version !== "t1" && version !== "t2") || print !== fingerprint(game, "t") || tableText == null) return null;
    // Rivals follow the players, and only a t2 table has them.
    const first = rest.findIndex((x) => x.startsWith("@"));
    const players = first < 0 ? rest : rest.slice(0, first);
    const rivalText = first < 0 ? [] : rest.slice(first);
    if ((version === "t1") !== (rivalText.length === 0)) return null;
    const rivals = rivalsIn(game, rivalText, players.length);
    if (!rivals) return null;
    if (players.length < game.players.min || players.length > game.players.max) return null;
    const options = optionsIn(s.options ?? [], optionText);
    if (!options) return null;
    /** @type {Record<string, string | null>} */
    const table = {};
    const specs = s.table ?? [];
    const chosen = split(tableText);
    if (chosen.length > specs.length) return null;
    for (const [k, spec] of specs.entries()) {
      const given = chosen[k] ?? "";
      if (given !== "" && tableValue(spec, given) === undefined) return null;
      table[spec.id] = given || null;
    }
    const inputs = s.inputs ?? [];
    /** @type {string[]} */
    const names = [];
    /** @type {Record<string, FormValue>[]} */
    const values = [];
    for (const [i, player] of players.entries()) {
      const [nameText, ...cells] = player.split(",");
      const name = nameIn(nameText, i, defaults);
      if (name == null || cells.length > inputs.length) return null;
      /** @type {Record<string, FormValue>} */
      const row = {};
      for (const [k, cell] of cells.entries()) {
        const value = valueIn(inputs[k], cell, players.length);
        if (value === BAD) return null;
        if (value !== undefined) row[inputs[k].id] = value;
      }
      names.push(name);
      values.push(row);
    }
    return { count: players.length, names, values, options, table, rivals };
  } catch {
    return null; // a malformed escape
  }
}

/**
 * A setup request as text.
 * @param {Linked} game the export @param {SetupRequest} request @param {string[]} [defaults]
 */
export function encodeSetup(game, request, defaults = []) {
  const names = request.names.slice(0, request.players).map((n, i) => nameOut(n, i, defaults));
  const options = optionsOut(game.scoring?.options ?? [], request.options);
  // s2 adds the steps ticked (their ids, dot-separated); s1 links, without ticks, still open.
  const ticked = (request.ticked ?? []).filter((id) => /^[a-z][a-z0-9_]*$/.test(id)).join(".");
  return ["s2", fingerprint(game, "s"), options, enc(request.seed), ticked, ...names].join(";");
}

/**
 * A setup request back from text, or null.
 * @param {Linked} game the export @param {string} text @param {string[]} [defaults] @returns {SetupRequest | null}
 */
export function decodeSetup(game, text, defaults = []) {
  try {
    if (typeof text !== "string" || text.length > MAX_TEXT) return null;
    const parts = text.split(";");
    const version = parts.shift();
    const [print, optionText, seedText] = parts.splice(0, 3);
    const tickText = version === "s2" ? parts.shift() : "";
    const nameTexts = parts;
    if ((version !== "s1" && version !== "s2") || print !== fingerprint(game, "s") || seedText == null || tickText == null) return null;
    const steps = new Set((game.setup?.steps ?? []).map((x) => x.id));
    const ticked = tickText === "" ? [] : tickText.split(".");
    if (ticked.some((id) => !steps.has(id))) return null;
    if (nameTexts.length < game.players.min || nameTexts.length > game.players.max) return null;
    const options = optionsIn(game.scoring?.options ?? [], optionText);
    const seed = dec(seedText);
    if (!options) return null;
    const names = nameTexts.map((n, i) => nameIn(n, i, defaults));
    if (names.some((n) => n == null)) return null;
    return { players: names.length, names: /** @type {string[]} */ (names), options, seed, ticked };
  } catch {
    return null;
  }
}
