// End-state checks, step for step as scorer/validate.py: the single-field problems of the
// end state's JSON Schema (fields.js), then every cross-field check whose fields are valid,
// all in one round. A problem in an input no total reads (the export's ``needs``) is a
// tiebreak problem: the state is still scored, and the ties it would break stay undecided.
import { fieldProblems, isObject, normalize } from "./fields.js";
import { duplicateNames, optionRuleProblems, playerCountProblems, unusedOptionProblems } from "./legality.js";
import { problem } from "./problems.js";
import { eq, num, truthy } from "./values.js";

/**
 * @typedef {import("./problems.js").Problem} Problem
 * @typedef {import("./problems.js").Step} Step
 * @typedef {import("./scoring.js").TableState} TableState
 * @typedef {import("../../../tools/typecheck/export").CalculatorExport} CalculatorExport
 * @typedef {import("../../../tools/typecheck/export").Input} Input
 * @typedef {import("../../../tools/typecheck/export").TableInput} TableInput
 * @typedef {import("../../../tools/typecheck/export").SequenceInput} SequenceInput
 * @typedef {import("../../../tools/typecheck/export").PositionInput} PositionInput
 * @typedef {import("../../../tools/typecheck/export").Limits} Limits
 * @typedef {import("../../../tools/typecheck/export").JsonSchema} JsonSchema
 * @typedef {import("../../../tools/typecheck/export").Expr} Expr
 * @typedef {import("./values.js").Value} Value
 * @typedef {import("./values.js").Row} Row
 * @typedef {import("./expr.js").Options} Options
 * @typedef {import("./expr.js").TileData} TileData
 */

/** An object of the end state, or an empty one. @param {Value | undefined} x @returns {Row} */
const object = (x) => (isObject(x) ? /** @type {Row} */ (x) : {});
/** Whole numbers the fields have checked. @param {Value[]} xs */
const sum = (xs) => /** @type {number[]} */ (xs).reduce((a, b) => a + b, 0);
const ids = (/** @type {{choices: {id: string}[]}} */ spec) => spec.choices.map((c) => c.id);
/** A value with -0 as 0. @param {Value} v @returns {Value} */
const clean = (v) => (Array.isArray(v) ? v.map(clean) : v === 0 ? 0 : v);
/** Whether ``loc`` starts with ``prefix``. @param {Step[]} loc @param {Step[]} prefix */
const startsWith = (loc, prefix) => prefix.length <= loc.length && prefix.every((step, k) => step === loc[k]);

/** What an input holds when the end state leaves it out. @param {CalculatorExport} game @param {Input} spec @returns {Value} */
export function defaultValue(game, spec) {
  if (spec.kind == "count") {
    const { min, max } = /** @type {Required<Limits>} */ (game.limits[spec.id]); // a count's are all there
    return min <= 0 && (max == null || max >= 0) ? 0 : min;
  }
  return spec.kind == "flag" ? false : spec.kind == "sequence" || spec.kind == "rows" ? [] : spec.kind == "choice" ? (spec.default ?? null) : null;
}

/**
 * Give each row of ``values`` (one player's or rival's inputs) the defaulted numbers it
 * leaves out, as the end state's model does (scorer/facts.py, fill_rows).
 * @param {CalculatorExport} game @param {Row} values
 */
export function fillRows(game, values) {
  for (const spec of game.scoring.inputs) {
    const given = values[spec.id];
    if (spec.kind != "rows" || !Array.isArray(given)) continue;
    const fields = spec.fields.filter((f) => f.default != null);
    if (!fields.length) continue;
    values[spec.id] = given.map((r) =>
      r && typeof r == "object" && !Array.isArray(r) ? { ...Object.fromEntries(fields.map((f) => [f.id, /** @type {number} */ (f.default)])), ...r } : r);
  }
  return values;
}

/**
 * The rows the table shares, their defaulted numbers filled in, and a problem for each
 * per-player field of a row that does not give one number per player (scorer/validate.py,
 * _shared_rows). @param {TableInput} spec @param {Value} given the rows (checked by the fields) @param {number} count
 */
function sharedRows(spec, given, count) {
  const defaults = Object.fromEntries(spec.fields.filter((f) => f.default != null).map((f) => [f.id, /** @type {number} */ (f.default)]));
  /** @type {Row[]} */
  const rows = /** @type {Row[]} */ (given ?? []).map((row) => ({ ...defaults, ...row }));
  /** @type {Problem[]} */
  const problems = [];
  rows.forEach((row, index) => {
    for (const field of spec.per_player) {
      const n = /** @type {Value[]} */ (row[field.id]).length;
      if (n != count) problems.push(problem(["table", spec.id, index, field.id], "per_player_count", { count: n, players: count }));
    }
  });
  return { rows, problems };
}

/** The data of the choice made for each table input (a scoring tile's awards). @param {CalculatorExport} game @param {Row} table @returns {TileData} */
export function choiceData(game, table) {
  return Object.fromEntries((game.scoring.table ?? []).map((spec) => [spec.id, chosenData(spec, table[spec.id])]));
}

/** @param {TableInput} spec a table input @param {Value | undefined} chosen @returns {Record<string, number[]>} */
const chosenData = (spec, chosen) => spec.choices.find((c) => c.id === chosen)?.data ?? {};

/** Whether ``node`` reads a table input (its choice, or the choice's data). @param {Expr | undefined} node */
const readsTable = (node) => node != null && JSON.stringify(node).includes('"table":"');

/**
 * Every problem of a parsed end state, and the state to score: when there is no problem,
 * or when every problem is a tiebreak one. ``hidden`` (the form's) are, per player, the
 * inputs that do not count for them (relevance.js): a constraint reading one of them holds.
 * @param {import("./scoring.js").Compiled} g @param {unknown} raw the parsed end state @param {Set<string>[] | null} [hidden]
 * @returns {{problems: Problem[], state: TableState | null, partial?: {state: TableState, faulty: Set<string>} | null}}
 */
export function check(g, raw, hidden = null) {
  const { game } = g;
  if (!isObject(raw)) return { problems: [problem([], "not_object")], state: null };
  const state = /** @type {Row} */ (raw);
  if (Array.isArray(state.players)) {
    const wrong = playerCountProblems(game, state.players.length);
    if (wrong.length) return { problems: wrong, state: null };
  }
  return new Round(g, state, fieldProblems(game.end_state, state), hidden).run();
}

/**
 * How a player's name is cleaned (``x-normalize``), read from the end state's schema: the
 * player model's ``name`` field. @param {JsonSchema} schema
 */
function nameRule(schema) {
  const player = /** @type {JsonSchema} */ (/** @type {Record<string, JsonSchema>} */ (schema.properties).players.items);
  const model = /** @type {Record<string, JsonSchema>} */ (schema.$defs)[/** @type {string} */ (/** @type {string} */ (player.$ref).split("/").pop())];
  return /** @type {import("../../../tools/typecheck/export").Normalize} */ (/** @type {Record<string, JsonSchema>} */ (model.properties).name["x-normalize"]);
}

class Round {
  /** @param {import("./scoring.js").Compiled} g @param {Row} raw @param {Problem[]} found @param {Set<string>[] | null} [hidden] */
  constructor(g, raw, found, hidden = null) {
    this.g = g;
    this.game = g.game;
    this.raw = raw;
    this.problems = found;
    /** Per player, the inputs that do not count for them (the form asks none of them). */
    this.hidden = hidden;
    /** Where the field problems are. */
    this.bad = found.filter((p) => p.code != "unknown_field").map((p) => p.loc);
    this.needs = g.game.needs;
    this.inputs = new Set(this.game.scoring.inputs.map((s) => s.id));
  }

  /** Whether the container at ``loc`` has the right type. @param {Step[]} loc */
  intact(loc) {
    return !this.bad.some((bad) => startsWith(loc, bad));
  }

  /** Whether the field at ``loc`` and everything in it is free of field problems. @param {Step[]} loc */
  ok(loc) {
    return this.intact(loc) && !this.bad.some((bad) => startsWith(bad, loc));
  }

  /** @returns {{problems: Problem[], state: TableState | null, partial?: {state: TableState, faulty: Set<string>} | null}} */
  run() {
    const { game, raw, g } = this;
    const s = game.scoring;
    const fail = () => ({ problems: this.problems, state: null });
    const players_ = raw.players;
    if (!this.ok(["game"]) || !Array.isArray(players_) || !this.intact(["players"])) return fail();
    if (!players_.every(isObject)) return fail();
    const given = /** @type {Row[]} */ (players_);
    const count = given.length;
    const rule = nameRule(game.end_state);
    const names = given.map((p, i) => (this.ok(["players", i, "name"]) ? normalize(rule, /** @type {string} */ (p.name)) : null));
    this.problems.push(...duplicateNames(names));
    if (!(s.options ?? []).every((o) => this.ok(["options", o.id]))) return fail();
    const rawOptions = object(raw.options);
    /** @type {Options} the fields have checked each given option's type */
    const options = Object.fromEntries((s.options ?? []).map((o) => [o.id, Object.hasOwn(rawOptions, o.id) ? /** @type {string | boolean} */ (rawOptions[o.id]) : o.default]));
    this.problems.push(...optionRuleProblems(game, options, count), ...unusedOptionProblems(game, options, count));

    const rawTable = object(raw.table);
    /** @type {Row} */
    const table = Object.fromEntries((s.table ?? []).map((t) => [t.id, this.ok(["table", t.id]) ? (rawTable[t.id] ?? null) : null]));
    let tableOk = (s.table ?? []).every((t) => this.ok(["table", t.id]));
    const { choiceData, problems: tableProblems } = this.tableChecks(table, options, count);
    tableOk = tableOk && !tableProblems.length;
    this.problems.push(...tableProblems);

    const players = given.map((p) => fillRows(game, Object.fromEntries(s.inputs.map((x) => [x.id, clean(Object.hasOwn(p, x.id) ? p[x.id] : defaultValue(game, x))]))));
    /** @type {Set<string>} */
    const unchecked = new Set();
    for (const spec of s.inputs) {
      const valid = given.map((_, i) => this.ok(["players", i, spec.id]));
      if (!valid.every(Boolean)) unchecked.add(spec.id);
      const when = Object.hasOwn(g.inputWhen, spec.id) ? g.inputWhen[spec.id] : undefined;
      if (when && !tableOk && readsTable(spec.when)) {
        unchecked.add(spec.id);
        continue;
      }
      const values = players.map((p) => p[spec.id]);
      const empty = g.mayBeEmpty?.[spec.id];
      const optional = !!empty && truthy(empty(options, table, choiceData, count));
      if (!when || truthy(when(options, table, choiceData, count))) this.problems.push(...this.inputChecks(spec, values, valid, optional));
      else
        values.forEach((value, i) => {
          if (valid[i] && Object.hasOwn(given[i], spec.id) && !/** @type {Value[]} */ ([0, false, null]).includes(value) && !eq(value, []))
            this.problems.push(problem(["players", i, spec.id], "not_used", { value }));
        });
    }
    this.problems.push(...this.sharedComponents(players, unchecked));
    /** @type {Record<string, Row>} */
    let rivals = {};
    if (s.rivals?.length && this.ok(["rivals"])) {
      const found = rivalRows(g, object(raw.rivals), options, table, choiceData, count, (x) => defaultValue(game, x));
      rivals = found.rows;
      this.problems.push(...found.problems);
    }

    const faulty = new Set([...unchecked, ...this.withProblems()]);
    substitute(game, players, faulty);
    // A player left out of an optional order holds place 0.
    for (const spec of s.inputs) if (spec.kind == "position" && spec.optional) for (const p of players) p[spec.id] ??= 0;
    let blocked = !tableOk;
    if (tableOk && g.constraints.length) blocked = this.constraintChecks(players, rivals, options, table, choiceData, count, faulty);
    for (const id of this.withProblems()) faulty.add(id);

    /** @type {TableState} */
    const state = { names: names.map((n) => n ?? ""), players, options, table, choiceData, rivals };
    if (!this.problems.length) return { problems: [], state };
    this.grade();
    if (blocked || !this.problems.every((p) => p.severity == "tiebreak")) {
      // What can be counted meanwhile: the state with each faulty input at its default,
      // for a running total from the categories that read none of them (ui.js).
      return { ...fail(), partial: tableOk ? { state, faulty } : null };
    }
    state.undecided = Object.entries(this.needs.tiebreaks).filter(([, read]) => read.some((id) => faulty.has(id))).map(([key]) => key);
    return { problems: this.problems, state };
  }

  /** The table's own inputs. @param {Row} table @param {Options} options @param {number} count */
  tableChecks(table, options, count) {
    const { g } = this;
    /** @type {Problem[]} */
    const problems = [];
    /** @type {TileData} */
    const choiceData = {};
    const specs = this.game.scoring.table ?? [];
    for (const spec of specs) {
      choiceData[spec.id] = {};
      if (!this.ok(["table", spec.id])) continue;
      const loc = ["table", spec.id];
      const chosen = table[spec.id];
      const when = g.tableWhen[spec.id];
      if (when && !truthy(when(options, table, {}, count))) {
        if (chosen !== null) problems.push(problem(loc, "not_used", { value: chosen }));
        if (spec.kind == "count") table[spec.id] = spec.min ?? 0;
        if (spec.kind == "rows") table[spec.id] = [];
        continue;
      }
      if (spec.kind == "rows") {
        const { rows, problems: wrong } = sharedRows(spec, chosen, count);
        problems.push(...wrong);
        // Rows with a number missing or extra for a player are read as none.
        table[spec.id] = wrong.length ? [] : rows;
        continue;
      }
      // A number the table counts (checked by its field); none given is its least.
      if (spec.kind == "count") {
        table[spec.id] = chosen ?? spec.min ?? 0;
        continue;
      }
      const offered = g.choiceWhen[spec.id];
      const allowed = ids(spec).filter((id) => !offered[id] || truthy(offered[id](options, table, {}, count)));
      if (chosen === null) problems.push(problem(loc, "required", { allowed }));
      else if (!allowed.includes(/** @type {string} */ (chosen))) problems.push(problem(loc, "not_for_count", { value: chosen, count, allowed }));
      choiceData[spec.id] = chosenData(spec, chosen);
    }
    /** @type {Record<string, Map<string, string>>} */
    const groups = {};
    for (const spec of specs) {
      const value = table[spec.id];
      if (!spec.distinct_within_group || value === null) continue;
      const seen = (groups[spec.group ?? ""] ??= new Map());
      const id = /** @type {string} */ (value); // a choice's id
      if (seen.has(id)) problems.push(problem(["table", spec.id], "already_placed", { value, other: /** @type {string} */ (seen.get(id)) }));
      else seen.set(id, spec.id);
    }
    return { choiceData, problems };
  }

  /**
   * One input, across the players (``optional``: a choice a player may leave empty here).
   * @param {Input} spec @param {Value[]} values @param {boolean[]} valid @param {boolean} [optional] @returns {Problem[]}
   */
  inputChecks(spec, values, valid, optional = false) {
    /** @type {Problem[]} */
    const out = [];
    const every = ["players", "*", spec.id];
    const everyone = valid.every(Boolean);
    if (spec.kind == "count") {
      const max = this.game.limits[spec.id]?.table_max;
      if (everyone && max != null && sum(values) > max) out.push(problem(every, "table_total", { total: sum(values), max }));
    } else if (spec.kind == "flag") {
      const holders = values.flatMap((v, i) => (v === true ? [i] : []));
      if (everyone && spec.unique && holders.length > 1) out.push(problem(every, "unique_flag", { who: holders }));
    } else if (spec.kind == "choice") {
      values.forEach((v, i) => valid[i] && v === null && !optional && out.push(problem(["players", i, spec.id], "required", { allowed: ids(spec) })));
      if (everyone && spec.unique) {
        const chosen = values.filter((v) => v !== null);
        const twice = [...new Set(chosen.filter((v, k) => chosen.indexOf(v) != k))].sort();
        for (const value of twice) out.push(problem(every, "unique_choice", { value, who: values.flatMap((v, i) => (v === value ? [i] : [])) }));
      }
    } else if (spec.kind == "position") {
      out.push(...positionProblems(spec, values, valid));
    } else if (spec.kind == "sequence") {
      // (A rows input's rows are checked by the fields alone.)
      values.forEach((pile, i) => {
        if (valid[i]) out.push(...pileProblems(spec, /** @type {number[]} */ (pile), ["players", i, spec.id]));
      });
      const total = sum(values.map((p) => /** @type {number[]} */ (p).length));
      const max = this.game.limits[spec.id]?.table_max;
      if (everyone && spec.component && max != null && total > max) out.push(problem(every, "pile_total", { count: total, max }));
    }
    return out;
  }

  /** Components several inputs count: all of them together stay within the box. @param {Row[]} players @param {Set<string>} unchecked @returns {Problem[]} */
  sharedComponents(players, unchecked) {
    /** @type {Record<string, string[]>} */
    const counted = {};
    for (const spec of this.game.scoring.inputs) if ("component" in spec && spec.component != null) (counted[spec.component] ??= []).push(spec.id);
    const amount = (/** @type {Value} */ v) => (Array.isArray(v) ? v.length : Number.isInteger(v) ? /** @type {number} */ (v) : 0);
    return Object.entries(counted).flatMap(([component, inputs]) => {
      const max = this.game.components[component]?.count;
      if (inputs.length < 2 || max == null || inputs.some((id) => unchecked.has(id))) return [];
      const total = sum(players.flatMap((p) => inputs.map((id) => amount(p[id]))));
      return total > max ? [problem(["players", "*"], "shared_total", { total, component, inputs, max })] : [];
    });
  }

  /**
   * Every constraint whose inputs are sound, on the values the scoring reads (the rivals at
   * the table after the players, as scorer/validate.py's round evaluates them); true when one
   * a total reads could not be checked.
   * @param {Row[]} players @param {Record<string, Row>} rivals @param {Options} options @param {Row} table
   * @param {TileData} choiceData @param {number} count @param {Set<string>} faulty
   */
  constraintChecks(players, rivals, options, table, choiceData, count, faulty) {
    /** @type {Record<string, number>} */
    const R = Object.fromEntries(Object.keys(rivals).map((id, k) => [id, count + k]));
    const rows = [...players, ...Object.values(rivals)];
    const { values } = this.g.evaluate(rows, options, table, choiceData, R);
    let blocked = false;
    for (const c of this.g.constraints) {
      const reads = this.needs.constraints[c.id] ?? [];
      if (reads.some((id) => faulty.has(id))) {
        blocked ||= reads.some((id) => this.needs.totals.includes(id));
        continue;
      }
      if (c.active && !truthy(c.active(options, table, choiceData, count))) continue;
      let holds = c.holds(rows, options, table, choiceData, values, R).slice(0, count);
      // A constraint that reads a field the form does not ask that player holds for them.
      const unasked = (/** @type {number} */ i) => reads.some((id) => this.hidden?.[i]?.has(id));
      holds = holds.map((h, i) => h || unasked(i));
      if (c.scope == "table") {
        if (!holds.every(truthy)) this.problems.push(problem(["players"], "constraint", { id: c.id }));
        continue;
      }
      holds.forEach((h, i) => truthy(h) || this.problems.push(problem(["players", i], "constraint", { id: c.id })));
    }
    return blocked;
  }

  /** The inputs a problem is about, or null when it is about the table itself. @param {Problem} p @returns {string[] | null} */
  concerned(p) {
    if (p.code == "constraint") return this.needs.constraints[p.params.id] ?? [];
    if (p.code == "shared_total") return p.params.inputs;
    const [first, , third] = p.loc;
    return first == "players" && p.loc.length >= 3 && this.inputs.has(String(third)) ? [String(third)] : null;
  }

  withProblems() {
    return this.problems.flatMap((p) => this.concerned(p) ?? []);
  }

  /** Mark each problem that no total depends on as a tiebreak problem. */
  grade() {
    for (const p of this.problems) {
      const concerned = this.concerned(p);
      if (concerned?.length && !concerned.some((id) => this.needs.totals.includes(id))) p.severity = "tiebreak";
    }
  }
}

/**
 * The rows of the rivals at the table (scorer/rivals.py, rival_rows): the inputs given for each, its
 * fixed ones, every other input empty; and a problem for a rival given but not present.
 * @param {import("./scoring.js").Compiled} g @param {Row} given @param {Options} options @param {Row} table @param {TileData} choiceData
 * @param {number} count @param {(spec: Input) => Value} empty an input's default
 */
function rivalRows(g, given, options, table, choiceData, count, empty) {
  const s = g.game.scoring;
  /** @type {Record<string, Row>} */
  const rows = {};
  /** @type {Problem[]} */
  const problems = [];
  for (const rival of s.rivals ?? []) {
    const when = g.rivalWhen[rival.id];
    const values = /** @type {Row | null} */ (given?.[rival.id] ?? null); // checked by the fields
    if (when && !truthy(when(options, table, choiceData, count))) {
      // Each value entered for a rival that is not at the table, as a player's is.
      for (const [id, value] of Object.entries(values ?? {})) problems.push(problem(["rivals", rival.id, id], "not_used", { value }));
      continue;
    }
    const row = Object.fromEntries(s.inputs.map((x) => [x.id, empty(x)]));
    const computed = g.rivalFixed[rival.id] ?? {};
    for (const [id, fixed] of Object.entries(rival.fixed ?? {})) row[id] = computed[id] ? num(computed[id](options, table, choiceData, count)) : fixed;
    Object.assign(row, values ?? {});
    fillRows(g.game, row);
    for (const x of s.inputs) if (x.kind == "position") row[x.id] ??= 0;
    rows[rival.id] = row;
  }
  return { rows, problems };
}

/** Give each input with a problem a value valid for every player. @param {CalculatorExport} game @param {Row[]} players @param {Set<string>} faulty */
function substitute(game, players, faulty) {
  for (const spec of game.scoring.inputs) {
    if (!faulty.has(spec.id)) continue;
    players.forEach((p, i) => {
      p[spec.id] = spec.kind == "position" ? (spec.optional ? null : i + 1) : spec.kind == "choice" ? (spec.default ?? spec.choices[0].id) : defaultValue(game, spec);
    });
  }
}

/** Places 1..n, each once; an optional order only needs its places to run without gaps. @param {PositionInput} spec @param {Value[]} values @param {boolean[]} valid @returns {Problem[]} */
function positionProblems(spec, values, valid) {
  /** @type {Problem[]} */
  const out = [];
  const last = spec.max == null ? values.length : Math.min(values.length, spec.max);
  values.forEach((value, i) => {
    if (!valid[i]) return;
    if (value === null && !spec.optional) out.push(problem(["players", i, spec.id], "place_required", { last }));
    else if (value !== null && /** @type {number} */ (value) > last) out.push(problem(["players", i, spec.id], "past_last_place", { value: /** @type {number} */ (value), last }));
  });
  if (!valid.every(Boolean)) return out;
  const placed = /** @type {number[]} */ (values.filter((v) => v !== null)).sort((a, b) => a - b);
  const every = ["players", "*", spec.id];
  if (new Set(placed).size != placed.length) out.push(problem(every, "place_repeated", { placed }));
  else if (placed.some((v, k) => v != k + 1)) out.push(problem(every, "place_gap", { placed }));
  return out;
}

/**
 * The problems of each card that breaks how the pile may grow, at the card's place in the
 * pile (``at`` is the input's path). @param {SequenceInput} spec @param {number[]} pile @param {Step[]} at
 * @returns {Problem[]}
 */
function pileProblems(spec, pile, at) {
  /** @type {Problem[]} */
  const out = [];
  if (spec.distinct) pile.forEach((value, k) => pile.indexOf(value) < k && out.push(problem([...at, k], "pile_repeated", { value })));
  if (pile.length && spec.first != null && pile[0] !== spec.first) out.push(problem([...at, 0], "pile_first", { first: spec.first, value: pile[0] }));
  for (let k = 1; k < pile.length; k++) {
    const [below, value] = [pile[k - 1], pile[k]];
    if (spec.closes_at != null && below === spec.closes_at) {
      out.push(problem([...at, k], "pile_closed", { closes_at: spec.closes_at, value }));
      break;
    }
    if (spec.non_decreasing && value < below) out.push(problem([...at, k], "pile_lower", { value, below }));
    else if (spec.max_step != null && value - below > spec.max_step) out.push(problem([...at, k], "pile_step", { value, below, max_step: spec.max_step }));
  }
  return out;
}
