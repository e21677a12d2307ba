// End-state checks: structure (schemas/endstate.py), then scorer/validate.py. A problem has
// Python's path, a code and parameters for translation, and an English message.
import { rivalRows } from "./scoring.js";
import { eq, truthy } from "./values.js";

/** @typedef {{path: string, code: string, params: Record<string, any>, message: string}} Problem */

const MESSAGES = {
  not_object: "not a JSON object",
  player_count: "{count} players; the game is for {min} to {max}",
  missing: "required",
  unknown_field: "unknown field",
  wrong_game: "not an end state of {expected}",
  object_type: "expected an object",
  list_type: "expected a list",
  int_type: "expected a whole number",
  bool_type: "expected true or false",
  string_type: "expected text",
  choice: "expected one of {allowed}",
  too_short: "give a name",
  name_too_long: "at most {max} characters",
  too_long: "at most {max} items",
  below_min: "at least {min}",
  above_max: "at most {max}",
  duplicate_names: "names given twice: {names}",
  not_used: "not used with these options and player count",
  required: "required: one of {allowed}",
  not_for_count: "{value} is not used with {count} players",
  already_placed: "{value} is already at {at}",
  table_total: "{total} in all, but the game has {max}",
  unique_flag: "only one player can have this: {names}",
  unique_choice: "{value} exists once",
  place_required: "required: a place from 1 to {count}",
  past_last_place: "{value} is past the last place ({count})",
  place_repeated: "each place goes to one player: {placed}",
  place_gap: "places run 1, 2, 3... without gaps: {placed}",
  pile_repeated: "{value} appears twice",
  pile_first: "a pile starts with {first}",
  pile_closed: "nothing may follow a {closes_at}",
  pile_lower: "{value} is lower than the card below ({below})",
  pile_step: "{value} is more than {max_step} above the card below ({below})",
  pile_total: "{total} cards in all piles, but the game has {max}",
  shared_total: "{total} {component} in all ({inputs}), but the game has {max}",
  constraint: "{message}",
};

const problem = (path, code, params = {}) => ({
  path, code, params, message: MESSAGES[code].replace(/\{(\w+)\}/g, (_, k) => [params[k]].flat().join(", ")),
});

const isObject = (x) => x !== null && typeof x == "object" && !Array.isArray(x);
const own = (o, key, fallback) => (isObject(o) && Object.hasOwn(o, key) ? o[key] : fallback);
// -0 is 0.
const clean = (v) => (Array.isArray(v) ? v.map(clean) : v === 0 ? 0 : v);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const ids = (spec) => spec.choices.map((c) => c.id);
// Values given more than once, sorted.
const repeated = (xs) => [...new Set(xs.filter((x, k) => xs.indexOf(x) != k))].sort();

/**
 * As pydantic checks a field (only 3.0, which parsed JSON cannot tell from 3, differs).
 * @param {string} path @param {any} v @param {string} type @param {any} spec
 */
function field(path, v, type, spec = {}) {
  if (v === null && spec.nullable) return null;
  if (type == "bool") return typeof v == "boolean" ? null : problem(path, "bool_type");
  if (type == "choice") return spec.allowed.includes(v) ? null : problem(path, "choice", { allowed: spec.allowed });
  if (!Number.isInteger(v)) return problem(path, "int_type");
  if (spec.min != null && v < spec.min) return problem(path, "below_min", { min: spec.min });
  return spec.max != null && v > spec.max ? problem(path, "above_max", { max: spec.max }) : null;
}

// What pydantic finds in an object.
function structure(game, raw) {
  const s = game.scoring;
  /** @type {Problem[]} */
  const out = [];
  const add = (p) => p && out.push(p);
  const object = (at, o, checks) => {
    if (!isObject(o)) return add(problem(at, "object_type"));
    for (const key in o) {
      const path = at ? `${at}.${key}` : key;
      if (Object.hasOwn(checks, key)) checks[key](o[key], path);
      else add(problem(path, "unknown_field"));
    }
  };
  const checks = (items = [], check) => Object.fromEntries(items.map((x) => [x.id, check(x)]));
  const player = checks(s.inputs, (x) => (v, path) => {
    const kind = x.kind;
    if (kind == "count") add(field(path, v, "int", game.limits[x.id]));
    else if (kind == "flag") add(field(path, v, "bool"));
    else if (kind == "choice") add(field(path, v, "choice", { allowed: ids(x), nullable: true }));
    else if (kind == "position") add(field(path, v, "int", { min: 1, max: game.players.max, nullable: true }));
    else if (!Array.isArray(v)) add(problem(path, "list_type"));
    else if (v.length > x.max_length) add(problem(path, "too_long", { max: x.max_length }));
    else v.forEach((item, k) => add(field(`${path}[${k}]`, item, "int", { min: x.item_min, max: x.item_max })));
  });
  player.name = (v, path) => {
    const length = typeof v == "string" ? [...v].length : -1;
    add(length < 0 ? problem(path, "string_type") : !length ? problem(path, "too_short") : length > 40 ? problem(path, "name_too_long", { max: 40 }) : null);
  };
  // Rivals (scorer/rivals.py): each one's inputs, checked as a player's are.
  const rivals = (v, path) => object(path, v, checks(s.rivals, (r) => (x, p) => x !== null && object(p, x, Object.fromEntries(r.inputs.map((id) => [id, player[id]])))));
  object("", raw, {
    ...(s.rivals?.length ? { rivals } : {}),
    game: (v, path) => v !== game.game && add(problem(path, "wrong_game", { expected: game.game })),
    options: (v, path) => object(path, v, checks(s.options, (o) => (x, p) => add(field(p, x, o.kind == "flag" ? "bool" : "choice", { allowed: ids(o) })))),
    table: (v, path) => object(path, v, checks(s.table, (t) => (x, p) => add(t.kind == "count" ? field(p, x, "int", { min: t.min ?? 0, max: t.max, nullable: true }) : field(p, x, "choice", { allowed: ids(t), nullable: true })))),
    players: (v, path) => {
      if (!Array.isArray(v)) return add(problem(path, "list_type"));
      v.forEach((p, i) => {
        object(`players[${i}]`, p, player);
        if (isObject(p) && !Object.hasOwn(p, "name")) add(problem(`players[${i}].name`, "missing"));
      });
    },
  });
  for (const key of ["game", "players"]) if (!Object.hasOwn(raw, key)) add(problem(key, "missing"));
  return out;
}

// An input's default.
function fallback(game, spec) {
  if (spec.kind == "count") {
    const { min, max } = game.limits[spec.id];
    return min <= 0 && (max == null || max >= 0) ? 0 : min;
  }
  return spec.kind == "flag" ? false : spec.kind == "sequence" ? [] : (spec.default ?? null);
}

// [path suffix, code, params] per problem.
function pileProblems(spec, pile) {
  /** @type {[string, keyof MESSAGES, object][]} */
  const out = [];
  if (spec.distinct) pile.forEach((value, k) => pile.indexOf(value) < k && out.push([`[${k}]`, "pile_repeated", { value }]));
  if (pile.length && spec.first != null && pile[0] !== spec.first) out.push(["[0]", "pile_first", { first: spec.first, value: pile[0] }]);
  for (let k = 1; k < pile.length; k++) {
    const [below, value] = [pile[k - 1], pile[k]];
    if (spec.closes_at != null && below === spec.closes_at) {
      out.push([`[${k}]`, "pile_closed", { closes_at: spec.closes_at, value }]);
      break;
    }
    if (spec.non_decreasing && value < below) out.push([`[${k}]`, "pile_lower", { value, below }]);
    else if (spec.max_step != null && value - below > spec.max_step) out.push([`[${k}]`, "pile_step", { value, below, max_step: spec.max_step }]);
  }
  return out;
}

/**
 * @param {any} game @param {any} spec @param {any[]} values @param {string[]} names @param {Problem[]} out
 */
function checkInput(game, spec, values, names, out) {
  const all = `players[*].${spec.id}`;
  const at = (i) => `players[${i}].${spec.id}`;
  const max = game.limits[spec.id]?.table_max;
  const count = values.length;
  const kind = spec.kind;
  if (kind == "count") {
    if (max != null && sum(values) > max) out.push(problem(all, "table_total", { total: sum(values), max }));
  } else if (kind == "flag") {
    if (spec.unique && values.filter(Boolean).length > 1) out.push(problem(all, "unique_flag", { names: names.filter((_, i) => values[i]) }));
  } else if (kind == "choice") {
    values.forEach((v, i) => v === null && out.push(problem(at(i), "required", { allowed: ids(spec) })));
    if (spec.unique) for (const value of repeated(values.filter((v) => v !== null))) out.push(problem(all, "unique_choice", { value }));
  } else if (kind == "position") {
    const last = spec.max == null ? count : Math.min(count, spec.max);
    values.forEach((value, i) => {
      if (value === null && !spec.optional) out.push(problem(at(i), "place_required", { count: last }));
      else if (value > last) out.push(problem(at(i), "past_last_place", { value, count: last }));
    });
    const placed = values.filter((v) => v !== null).sort((a, b) => a - b);
    if (new Set(placed).size != placed.length) out.push(problem(all, "place_repeated", { placed }));
    else if (placed.some((v, k) => v != k + 1)) out.push(problem(all, "place_gap", { placed }));
  } else {
    values.forEach((pile, i) => {
      for (const [where, code, params] of pileProblems(spec, pile)) out.push(problem(at(i) + where, code, params));
    });
    const total = sum(values.map((p) => p.length));
    if (spec.component && max != null && total > max) out.push(problem(all, "pile_total", { total, max }));
  }
}

/**
 * Components several inputs count: all of them together stay within the box's count
 * (the export's components), like scorer/validate.py's _shared_components.
 * @param {any} game @param {Record<string, any>[]} players
 */
function sharedComponents(game, players) {
  /** @type {Record<string, any[]>} */
  const counted = {};
  for (const spec of game.scoring.inputs) if (spec.component != null) (counted[spec.component] ??= []).push(spec);
  return Object.entries(counted).flatMap(([component, specs]) => {
    const max = specs.length < 2 ? null : game.components[component]?.count;
    const amount = (v) => (Array.isArray(v) ? v.length : typeof v == "string" ? 0 : +v);
    const total = sum(players.flatMap((p) => specs.map((x) => amount(p[x.id]))));
    const name = game.components[component].name;
    return max != null && total > max ? [problem("players[*]", "shared_total", { total, component: name, inputs: specs.map((x) => x.id), max })] : [];
  });
}

/**
 * Every problem of a parsed end state, or the state to score.
 * @param {import("./scoring.js").Compiled} g @param {any} raw
 * @returns {{problems: Problem[], state: import("./scoring.js").TableState | null}}
 */
export function check(g, raw) {
  const { game } = g;
  const s = game.scoring;
  const fail = (problems) => ({ problems, state: null });
  if (!isObject(raw)) return fail([problem("", "not_object")]);
  const { min, max } = game.players;
  const count = raw.players?.length;
  if (Array.isArray(raw.players) && (count < min || count > max)) return fail([problem("players", "player_count", { count, min, max })]);
  const found = structure(game, raw);
  if (found.length) return fail(found);

  const options = Object.fromEntries(s.options.map((o) => [o.id, own(raw.options, o.id, o.default)]));
  /** @type {Record<string, any>} */
  const table = Object.fromEntries((s.table ?? []).map((t) => [t.id, own(raw.table, t.id, null)]));
  /** @type {any[]} */
  const given = raw.players;
  /** @type {string[]} */
  const names = given.map((p) => p.name);
  const players = given.map((p) => Object.fromEntries(s.inputs.map((x) => [x.id, clean(own(p, x.id, fallback(game, x)))])));
  /** @type {Problem[]} */
  const out = [];
  const twice = repeated(names);
  if (twice.length) out.push(problem("players", "duplicate_names", { names: twice }));

  /** @type {Record<string, any>} */
  const choiceData = {};
  /** @type {Record<string, Map<string, string>>} */
  const groups = {};
  for (const spec of s.table ?? []) {
    const path = `table.${spec.id}`;
    const chosen = table[spec.id];
    const when = g.tableWhen[spec.id];
    choiceData[spec.id] = {};
    const active = !when || truthy(when(options, table, {}, count));
    if (spec.kind == "count") {
      if (!active && chosen !== null) out.push(problem(path, "not_used"));
      table[spec.id] = chosen ?? spec.min ?? 0;
      continue;
    }
    if (!active) {
      if (chosen !== null) out.push(problem(path, "not_used"));
      continue;
    }
    const offered = g.choiceWhen[spec.id];
    const allowed = ids(spec).filter((id) => !offered[id] || truthy(offered[id](options, table, {}, count)));
    if (chosen === null) out.push(problem(path, "required", { allowed }));
    else if (!allowed.includes(chosen)) out.push(problem(path, "not_for_count", { value: chosen, count, allowed }));
    choiceData[spec.id] = spec.choices.find((c) => c.id === chosen)?.data ?? {};
  }
  for (const spec of s.table ?? []) {
    const value = table[spec.id];
    if (!spec.distinct_within_group || value === null) continue;
    const seen = (groups[spec.group ?? ""] ??= new Map());
    if (seen.has(value)) out.push(problem(`table.${spec.id}`, "already_placed", { value, at: `table.${seen.get(value)}` }));
    else seen.set(value, spec.id);
  }

  for (const spec of s.inputs) {
    const when = g.inputWhen[spec.id];
    const values = players.map((p) => p[spec.id]);
    if (!when || truthy(when(options, table, choiceData, count))) checkInput(game, spec, values, names, out);
    else
      values.forEach((v, i) => {
        if (Object.hasOwn(given[i], spec.id) && ![0, false, null].includes(v) && !eq(v, [])) out.push(problem(`players[${i}].${spec.id}`, "not_used"));
      });
  }
  out.push(...sharedComponents(game, players));
  const rivals = rivalRows(g, raw.rivals, options, table, choiceData, count, (x) => fallback(game, x));
  for (const [path, code] of rivals.problems) out.push(problem(path, code));
  // A player left out of an optional order holds place 0.
  for (const spec of s.inputs) if (spec.kind == "position" && spec.optional) for (const p of players) p[spec.id] ??= 0;

  if (!out.length && g.constraints.length) {
    const { values } = g.evaluate(players, options, table, choiceData);
    for (const c of g.constraints) {
      if (c.active && !truthy(c.active(options, table, choiceData, count))) continue;
      const holds = c.holds(players, options, table, choiceData, values);
      const params = { id: c.id, message: c.message };
      if (c.scope != "table") holds.forEach((h, i) => truthy(h) || out.push(problem(`players[${i}]`, "constraint", params)));
      else if (!holds.every(truthy)) out.push(problem("players", "constraint", params));
    }
  }
  return out.length ? fail(out) : { problems: [], state: { names, players, options, table, choiceData, rivals: rivals.rows } };
}
