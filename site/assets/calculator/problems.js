// The one problem model, as scorer/problems.py: {loc, code, params, severity} (in Python a
// schemas/diagnostics.py Diagnostic whose type is the code and ctx the params), and its
// words, as rulebook/problems.py renders them: each code's message is the interface string
// problem_<code> in the page's language (counts through their plural forms), with the
// content's labels for the fields, options, choices and players it names.

/**
 * @typedef {string | number} Step
 * @typedef {"error" | "tiebreak"} Severity
 * @typedef {import("../../../tools/typecheck/export").ProblemParams} ProblemParams
 * @typedef {import("../../../tools/typecheck/export").ProblemCode} ProblemCode
 * @typedef {{[C in ProblemCode]: {loc: Step[], code: C, params: ProblemParams[C], severity: Severity}}[ProblemCode]} Problem
 *   one problem: its params are those its code carries (scorer/problems.py CODES)
 * @typedef {import("./kit.js").Words} Words
 * @typedef {import("../../../tools/typecheck/export").Export} Export
 * @typedef {import("../../../tools/typecheck/export").Scoring} Scoring
 * @typedef {import("../../../tools/typecheck/export").Input} Input
 * @typedef {import("../../../tools/typecheck/export").TableInput} TableInput
 * @typedef {import("../../../tools/typecheck/export").Option} Option
 * @typedef {import("../../../tools/typecheck/export").Echo} Echo
 * @typedef {import("../../../tools/typecheck/export").JsonSchema} JsonSchema
 * @typedef {{game: string, names?: Export["names"], source_language?: Export["source_language"],
 *   components?: Export["components"],
 *   scoring: Partial<Pick<Scoring, "inputs" | "table" | "options" | "constraints" | "rivals">>}} Named
 *   what the words read of the (localized) export: the setup page's island holds only its options
 */

/** @template {ProblemCode} C @typedef {import("../../../tools/typecheck/export").ParamsOf<C>} ParamsOf */

/**
 * A problem; ``severity`` is set by the validation round. The parameters are those its
 * code carries, left out only where none must be given.
 * @type {<C extends ProblemCode>(loc: Step[], code: C, ...params: ParamsOf<C>) => Problem}
 */
export const problem = (loc, code, ...params) => /** @type {Problem} */ ({ loc, code, params: params[0] ?? {}, severity: "error" });

/**
 * How a schema of the export says its texts are echoed: the end state's for its keys and,
 * in the calculator, for its players' names (its island ships the end state, whose schema
 * holds the name's, and no ``player_name``); ``player_name``'s in the setup generator.
 * @param {JsonSchema} schema @returns {Echo}
 */
export const echoOf = (schema) => /** @type {Echo} */ (schema["x-echo"]);

/**
 * A short, printable piece of ``text``: at most ``echo.length`` characters, every one a
 * terminal could act on (``echo.refused``, as schemas/names.py NAME_REFUSED, and lone
 * surrogates) written as \uXXXX. The end state's schema says how (``x-echo``).
 * @param {string} text @param {Echo} echo
 */
export function excerpt(text, echo) {
  const chars = [...text];
  const short = chars.length <= echo.length ? text : chars.slice(0, echo.length).join("") + "…";
  const refused = new RegExp(`[${echo.refused}]|\\p{Cs}`, "gu");
  return short.replace(refused, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** ``loc`` as a path into the file: players[0].wheat, players[*].star. @param {Step[]} loc */
export const formatLoc = (loc) =>
  loc.reduce((/** @type {string} */ text, step) => (typeof step == "number" || step == "*" ? `${text}[${step}]` : text ? `${text}.${step}` : String(step)), "");

/** Items joined with "or" ("a, b or c"); a dash when there are none. @param {Words} w @param {string[]} items */
const either = (w, items) => (items.length ? w.either(items) : "—");
/** Items joined with "and". @param {Words} w @param {string[]} items */
const both = (w, items) => (items.length ? w.list(items) : "—");

/** Renders the problems of one game's end state (or setup) in the page's language. */
export class ProblemWords {
  /** @param {Named} game the localized export @param {Words} words @param {string[]} [names] */
  constructor(game, words, names = []) {
    this.game = game;
    this.words = words;
    this.names = names;
    const s = game.scoring;
    /** @template {{id: string}} T @param {T[]} [items] @returns {Record<string, T>} */
    const byId = (items = []) => Object.fromEntries(items.map((x) => [x.id, x]));
    this.inputs = byId(s.inputs);
    this.table = byId(s.table);
    this.options = byId(s.options);
    this.constraints = byId(s.constraints);
    this.rivals = byId(s.rivals);
  }

  /** An interface string, its plural form chosen by ``count``. @param {string} key @param {Record<string, string>} values @param {number} [count] */
  ui(key, values, count) {
    const w = this.words;
    return Object.hasOwn(w.counts, key) ? w.fill(w.count(key, count ?? 0), values) : w.t(key, values);
  }

  /** @param {unknown} v */
  number(v) {
    return typeof v == "number" ? this.words.num(v) : String(v);
  }

  /** @param {number} count */
  players(count) {
    return this.words.count("player_count_phrase", count);
  }

  /** @param {number} low @param {number} high */
  playerRange(low, high) {
    return low == high ? this.players(high) : this.words.fill(this.words.count("player_range", high), { min: this.number(low) });
  }

  /** A player's name, or "Player 2" while it has none. @param {number} index */
  player(index) {
    return this.names[index] || this.words.t("default_player", { n: this.number(index + 1) });
  }

  /** @param {string} id */
  inputLabel(id) {
    return this.inputs[id]?.label ?? id;
  }

  /** @param {Input | TableInput | Option | undefined} field an input, a table input or an option @param {string} choice */
  choiceLabel(field, choice) {
    return (field && "choices" in field ? field.choices.find((c) => c.id === choice)?.label : undefined) ?? choice;
  }

  /** A value given in a field, as the field shows it. @param {Input | TableInput | Option | undefined} field @param {unknown} value */
  value(field, value) {
    if (typeof value == "boolean") return this.words.t(value ? "yes" : "no");
    // A list of records (a rows input): each row's numbers "3 / 1 / 0", rows apart by commas.
    const item = (/** @type {unknown} */ v) => (v != null && typeof v == "object" && !Array.isArray(v) ? Object.values(v).map((x) => this.number(x)).join(" / ") : this.number(v));
    if (Array.isArray(value)) return value.map(item).join(", ");
    return typeof value == "string" ? this.choiceLabel(field, value) : this.number(value);
  }

  /** The input, table input or option a problem is at. @param {Problem} p */
  field(p) {
    const [first, second, third] = p.loc;
    if (first == "players" && p.loc.length >= 3) return this.inputs[third];
    if (first == "table" && p.loc.length == 2) return this.table[second];
    if (first == "options" && p.loc.length == 2) return this.options[second];
    return undefined;
  }

  /**
   * The game's name in ``lang``; a language in progress that gives none reads the name in
   * the game's source language, then the English one (schemas/game.py ``Game.name``).
   * @param {string} lang @returns {string}
   */
  gameName(lang) {
    const names = this.game.names ?? {};
    return names[lang] || names[this.game.source_language ?? "en"] || names.en || this.game.game;
  }

  /** What is wrong, in the reader's words. @param {Problem} p */
  message(p) {
    const { code, params } = p;
    if (code == "constraint") return this.constraints[params.id]?.message ?? params.id;
    const field = this.field(p);
    const w = this.words;
    /** @type {Record<string, string>} */
    const words = {};
    for (const [key, v] of Object.entries(params)) if (typeof v == "number") words[key] = this.number(v);
    words.game = this.gameName(w.lang);
    words.allowed = either(w, ("allowed" in params ? params.allowed : []).map((c) => this.choiceLabel(field, c)));
    if ("value" in params) words.value = this.value(field, params.value);
    // {given} and {range} are phrases about the number of players.
    if (code == "player_count" || code == "option_required" || code == "option_not_for_count") {
      words.given = this.players(params.count);
      words.range = this.playerRange(params.min, params.max);
    }
    if (code == "not_for_count") words.given = this.players(params.count);
    if (code == "names_count" || code == "per_player_count") words.table = this.players(params.players);
    if (code == "wrong_game") words.expected = words.game;
    if (code == "duplicate_name") words.name = String(params.name);
    if ("who" in params) words.who = both(w, params.who.map((i) => this.player(i)));
    if ("placed" in params) words.placed = params.placed.map((v) => this.number(v)).join(", ");
    if ("other" in params) words.other = this.table[params.other]?.label ?? params.other;
    if ("option" in params) words.option = this.options[params.option]?.label ?? params.option;
    if (code == "shared_total") {
      words.component = this.game.components?.[params.component]?.name ?? params.component;
      words.inputs = both(w, params.inputs.map((i) => this.inputLabel(i)));
    }
    const key = code == "not_json" && "line" in params ? "problem_not_json_at" : `problem_${code}`;
    return this.ui(key, words, "count" in params ? params.count : undefined);
  }

  /**
   * A rows input's row and number in words ("Row 2", "Size"), as rulebook/problems.py says them.
   * @param {string} input @param {Step[]} rest the path after the input @returns {string[]}
   */
  rowWhere(input, rest) {
    const spec = this.inputs[input];
    const [row, name] = rest;
    if (spec?.kind !== "rows" || typeof row != "number") return [];
    const field = name == null ? null : spec.fields.find((f) => f.id === name);
    return [this.words.t("calc_row", { n: this.number(row + 1) }), ...(field ? [field.label] : name == null ? [] : [String(name)])];
  }

  /**
   * A rival's field in words, as its form names it (rulebook/problems.py rival_where): its
   * own third-person label, else its name and the player's label; its name alone without a
   * field. @param {string} id @param {Step[]} rest the path after the rival
   */
  rivalWhere(id, rest) {
    const rival = this.rivals[id];
    if (!rival) return "";
    if (!rest.length) return rival.label;
    const field = String(rest[0]);
    const own = (rival.labels ?? []).find((l) => l.input === field);
    const more = this.rowWhere(field, rest.slice(1));
    return (own ? [own.label, ...more] : [rival.label, this.inputLabel(field), ...more]).join(", ");
  }

  /**
   * A shared row's place in words ("Row 2", "Followers", and whose), as rulebook/problems.py
   * says them. @param {Step[]} loc
   */
  sharedWhere(loc) {
    const spec = this.table[loc[1]];
    const [index, name, who] = loc.slice(2);
    if (spec?.kind !== "rows" || typeof index != "number") return [];
    const found = [this.words.t("calc_row", { n: this.number(index + 1) })];
    const field = [...spec.fields, ...spec.per_player].find((f) => f.id === name);
    if (field) found.push(field.label);
    if (typeof who == "number") found.push(this.player(who));
    return found;
  }

  /** The field in words: the player and the field's label. @param {Problem} p */
  where(p) {
    const [first, second, third] = p.loc;
    if (first == "players" && p.loc.length >= 2) {
      // Both players bear a duplicate name: their seat tells them apart.
      if (p.code == "duplicate_name" && typeof second == "number") return this.words.t("default_player", { n: this.number(second + 1) });
      const who = typeof second == "number" ? this.player(second) : null;
      if (third == null || third == "name") return who ?? "";
      const label = [this.inputLabel(String(third)), ...this.rowWhere(String(third), p.loc.slice(3))].join(", ");
      return who ? `${who}, ${label}` : label;
    }
    if (first == "rivals" && p.loc.length >= 2) return this.rivalWhere(String(second), p.loc.slice(2));
    if (first == "table" && p.loc.length == 2) return this.table[second]?.label ?? String(second);
    if (first == "table" && p.loc.length >= 3) return [this.table[second]?.label ?? String(second), ...this.sharedWhere(p.loc)].join(", ");
    // A message with {option} names the option itself.
    if (first == "options" && p.loc.length == 2 && !("option" in p.params)) return this.options[second]?.label ?? String(second);
    return "";
  }
}
