// The setup generator's checklist: what the generator decided, in words a table can follow
// aloud, with a tick per step that the table keeps.
//
// The order it drew is shown the way the game uses it (``setup.order`` in the content): a
// turn order clockwise from the first player, a line-up of pawns (Tokaido: whoever is last
// on the road moves, so there is no turn order to give), or only the first player (the game
// decides the order later, as Viticulture's wake-up chart does). A table without a first
// player (solo) names none. Steps the generator dealt speak of the items below them
// (``decided_text``), never of drawing them "at random".
//
// Ticks and names belong to the table (currenttable.js: currentTable, keepPlayers,
// keepSetup), so a reload shows the same checklist with the same ticks, and the share link
// carries them.
// Every text goes in as text: names and translations are untrusted.
//
// Under the list comes the picture of that table: the page holds a drawing for every legal
// table (rulebook/site/models/setup.py: table_pictures; most are the pictures for reading
// ahead further down, the others wait in <template>s), found by the player count and the
// options that change it; the copy shown gets the players' names on their pawns and what
// was drawn (the families left in the box), so it never shows a table the list does not.

import { currentTable, keepPlayers, keepSetup } from "./currenttable.js";
import { el, stepText, Words } from "./kit.js";

/**
 * @typedef {import("./generator.js").SetupGenerator} SetupGenerator
 * @typedef {import("./generator.js").Setup} Setup
 * @typedef {import("./setup.js").SetupGame} SetupGame
 */

let uid = 0;
/** A fresh element id. */
const nextId = () => `rb-setup-tick-${++uid}`;

/**
 * The table's kept players and setup, for a generator opened without a link: its names,
 * its count and, when they still describe this table, the last setup and its ticks.
 * @param {SetupGenerator} gen @returns {boolean} whether a kept setup was restored
 */
export function restoreTable(gen) {
  const kept = currentTable(gen.game);
  if (!kept.players) return false;
  gen.count = kept.players.length;
  kept.players.forEach((name, i) => { if (name) gen.names[i] = name; });
  if (!kept.setup) return false;
  Object.assign(gen.options, kept.setup.options);
  gen.seed = kept.setup.seed;
  gen.ticked = new Set(kept.setup.ticked);
  return true;
}

/**
 * Names as the table keeps them: "" for a seat left at its default name.
 * @param {Words} t @param {string[]} names
 */
const keptNames = (t, names) => names.map((n, i) => (n.trim() === "" || n === t.t("default_player", { n: i + 1 }) ? "" : n));

/** Keep the names typed in the generator's form. @param {SetupGenerator} gen */
export function rememberNames(gen) {
  keepPlayers(gen.game, keptNames(gen.texts, gen.names.slice(0, gen.count)));
}

/** Keep the setup just generated and its ticks. @param {SetupGenerator} gen @param {Setup} result */
export function rememberSetup(gen, result) {
  keepSetup(gen.game, keptNames(gen.texts, result.players), { seed: result.seed, options: result.options, ticked: [...gen.ticked] });
}

/**
 * The order the generator drew, as the game uses it.
 * @param {SetupGame} game the export @param {Words} t @param {Setup} result
 */
function drawnOrder(game, t, result) {
  const order = game.setup.order ?? "clockwise";
  const out = [];
  const summary = el("p", { class: "rb-setup-summary" });
  if (result.first_player != null) summary.append(t.node("first_player"), t.colon(), el("strong", { "data-first-player": "", text: result.first_player }), " · ");
  summary.append(t.node("seed"), t.colon(), el("code", { "data-seed": "", text: result.seed }));
  out.push(summary);
  if (order === "line_up") {
    out.push(el("p", { id: "rb-line-up-label" }, t.node("line_up")));
    out.push(el("ol", { class: "rb-line-up", "data-line-up": "", "aria-labelledby": "rb-line-up-label" },
      result.turn_order.map((/** @type {string} */ name) => el("li", { text: name }))));
  } else if (order === "clockwise" && result.players.length > 1) {
    out.push(el("p", {}, t.node("turn_order"), t.colon(), el("span", { "data-turn-order": "", text: result.turn_order.join(" → ") })));
  }
  const said = game.setup.decided_first_player_text;
  if (said && result.first_player != null) out.push(el("p", { "data-first-player-rule": "" }, t.text(said, "setup.decided_first_player_text")));
  return out;
}

/**
 * The note of a step built on a single source, an inference or an unconfirmed fact: the
 * same folded "Sources · how sure" note, with its reason, as the page's static checklist.
 * @param {Words} t @param {{mark: string, reason: string | null, sources: string[]}} doubt @param {string} base
 */
function doubtNote(t, doubt, base) {
  return el("details", { class: "note rb-sources", "data-doubt": "" },
    el("summary", {}, t.node("sources"), " · ", el("span", { class: "rb-doubt-mark", text: doubt.mark })),
    doubt.reason ? el("p", {}, t.text(doubt.reason, `${base}.provenance.decision`)) : null,
    doubt.sources.length ? el("p", { class: "rb-decision-sources" }, t.node("checked_against"), " ", doubt.sources.join(", ")) : null);
}

/**
 * The checklist of a generated setup, its link and its copy button.
 * @param {SetupGenerator} gen the generator (game, texts, ticked) @param {Setup} result @param {URL} url
 */
export function checklist(gen, result, url) {
  const game = gen.game;
  /** @type {Words} */
  const t = gen.texts;
  const steps = new Map(game.setup.steps.map((s) => [s.id, s]));
  // The generated list has its own heading: the page's generic checklist comes later, and
  // a screen reader's list of headings should reach this one first.
  /** @type {HTMLElement[]} */
  const out = [el("h3", { class: "rb-generated-heading", "data-generated-heading": "" }, t.node("generated_checklist")), ...drawnOrder(game, t, result)];
  const list = el("ol", { class: "rb-checklist", "data-checklist": "" });
  const link = el("a", { href: url.toString(), "data-setup-link": "" }, t.node("link_to_setup"));
  const tick = (/** @type {string} */ id, /** @type {boolean} */ on) => {
    if (on) gen.ticked.add(id);
    else gen.ticked.delete(id);
    rememberSetup(gen, result);
    const next = gen.link(result);
    history.replaceState(history.state, "", next);
    link.href = next.toString();
  };
  for (const step of result.steps) {
    const declared = steps.get(step.id);
    const component = declared?.deal?.component;
    const id = nextId();
    const words = declared?.decided_text != null
      ? t.text(declared.decided_text, `setup.steps.${step.id}.decided_text`)
      : t.text(t.fill(stepText(declared, step), step.values ?? {}), `setup.steps.${step.id}.text`);
    const item = el("li", { "data-step": step.id },
      el("input", {
        type: "checkbox", id, checked: gen.ticked.has(step.id), "data-tick": step.id,
        on: { change: (/** @type {Event} */ e) => tick(step.id, /** @type {HTMLInputElement} */ (e.target).checked) },
      }),
      el("label", { for: id }, words));
    const details = el("ul", { class: "rb-dealt" });
    /** @param {{id: string, name: string}} x a dealt item */
    const itemName = (x) => t.text(x.name, `components.${component}.items.${x.id}.name`);
    // One card per line: card names hold commas of their own, so a list joined with ", "
    // cannot be read back (River of Gold's Mama and Papa cards).
    for (const [name, items] of Object.entries(step.per_player ?? {})) {
      const cards = items;
      details.append(el("li", { "data-dealt-to": name }, el("strong", { text: name }), t.colon(),
        cards.length === 1 ? itemName(cards[0])
          : el("ul", { class: "rb-dealt-cards" }, cards.map((x) => el("li", { "data-card": x.id }, itemName(x))))));
    }
    (step.table ?? []).forEach((x, k) => {
      const slot = step.slots?.[k];
      details.append(el("li", { "data-dealt-to": "table" }, slot ? t.text(`${slot}${t.colon()}`, `setup.steps.${step.id}.deal.slots.${k + 1}`) : "", itemName(x)));
    });
    for (const [name, amount] of Object.entries(step.per_seat ?? {})) {
      details.append(el("li", { "data-seat": name }, el("strong", { text: name }), `${t.colon()}${amount}`));
    }
    if (details.childNodes.length) item.append(details);
    if (declared?.doubt) item.append(doubtNote(t, declared.doubt, `setup.steps.${step.id}`));
    list.append(item);
  }
  out.push(list, ...tablePictures(gen, result));
  const copied = el("span", { class: "rb-copied", role: "status" });
  out.push(el("p", { class: "rb-setup-link" }, link, " ",
    el("button", {
      type: "button", class: "md-button",
      on: { click: async () => {
        try { await navigator.clipboard.writeText(link.href); copied.textContent = t.t("copied"); } catch { copied.textContent = ""; }
      } },
    }, t.node("copy_link")), " ", copied));
  return out;
}

/** Average advance of a character as a share of the font size (rulebook/site/diagrams.py). */
const CHAR = 0.6;

/**
 * ``text`` cut to fit ``width`` at ``size`` by the renderer's own estimate, with an ellipsis.
 * @param {string} text @param {number} width @param {number} size
 */
function fitted(text, width, size) {
  const chars = [...text];
  const most = Math.max(1, Math.floor(width / (size * CHAR)));
  return chars.length <= most ? text : `${chars.slice(0, most - 1).join("")}…`;
}

/**
 * The drawing of this table for each of the game's diagrams, copied and filled in.
 * @param {SetupGenerator} gen @param {Setup} result @returns {HTMLElement[]}
 */
export function tablePictures(gen, result) {
  const holder = /** @type {HTMLElement | null} */ (gen.root.querySelector("[data-table-pictures]"));
  if (!holder) return [];
  /** @type {import("../../../tools/typecheck/export").TablePlan[]} */
  const plans = JSON.parse(holder.dataset.tablePictures ?? "[]");
  /** @type {Record<string, string>} */
  const counts = JSON.parse(holder.dataset.countLabels ?? "{}");
  const players = result.players.length;
  const figures = [];
  for (const plan of plans) {
    const key = [players, ...plan.options.map((o) => String(result.options[o]))].join("|");
    const source = plan.pictures[key] ? document.getElementById(plan.pictures[key]) : null;
    const drawing = (source instanceof HTMLTemplateElement ? source.content : source)?.querySelector("svg");
    if (!drawing) continue;
    const svg = /** @type {SVGSVGElement} */ (drawing.cloneNode(true));
    const said = [...nameThePawns(gen, svg, result), ...showTheDraw(gen, svg, result), ...nameTheDealt(gen, svg, result)];
    // Ids of its own: the drawing it was copied from may be on the page too.
    const ident = `rb-table-picture-${++uid}`;
    const title = svg.querySelector("title");
    const desc = svg.querySelector("desc");
    if (title) title.id = `${ident}-title`;
    if (desc) {
      desc.id = `${ident}-desc`;
      if (said.length) desc.textContent = `${desc.textContent} ${said.join(" ")}`;
    }
    svg.setAttribute("aria-labelledby", `${ident}-title ${ident}-desc`);
    figures.push(el("figure", { class: "rb-diagram rb-table-picture", "data-table-picture": plan.diagram, "data-players": players },
      svg, el("figcaption", {}, el("strong", { text: title?.textContent ?? "" }), counts[players] ? ` · ${counts[players]}` : "")));
  }
  return figures;
}

/**
 * ``text`` in lines no wider than ``width`` at ``size``, split at plain spaces (the
 * renderer's wrap, so the room it kept is enough).
 * @param {string} text @param {number} width @param {number} size
 */
function wrapped(text, width, size) {
  const lines = [];
  let current = "";
  for (const word of text.split(" ").filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && candidate.length * size * CHAR > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  return current ? [...lines, current] : lines;
}

/**
 * Each slot a deal fills says the item drawn for it ("Scoring tile — Tile 4 players A").
 * @param {SetupGenerator} gen @param {SVGSVGElement} svg @param {Setup} result @returns {string[]}
 */
function nameTheDealt(gen, svg, result) {
  const steps = new Map(result.steps.map((s) => [s.id, s]));
  const t = gen.texts;
  const said = [];
  for (const slot of /** @type {NodeListOf<SVGTextElement>} */ (svg.querySelectorAll("text[data-deal]"))) {
    const item = steps.get(slot.dataset.deal ?? "")?.table?.[Number(slot.dataset.dealIndex)];
    if (!item) continue;
    const size = Number(slot.getAttribute("font-size"));
    const words = `${slot.dataset.label} — ${item.name}`;
    const x = slot.getAttribute("x") ?? "0";
    slot.replaceChildren(...wrapped(words, Number(slot.dataset.width), size).map((line, i) => {
      const span = document.createElementNS(svg.namespaceURI, "tspan");
      span.setAttribute("x", x);
      span.setAttribute("dy", String(i === 0 ? 0 : size * 1.3));
      span.textContent = line;
      return span;
    }));
    slot.dataset.dealt = item.id;
    said.push(`${slot.dataset.column} — ${slot.dataset.label}${t.colon()}${item.name}`);
  }
  return said.length ? [`${said.join("; ")}.`] : [];
}

/**
 * Each pawn gets the name of its player, first to leave first; what a reader who does not
 * see the picture is told of it.
 * @param {SetupGenerator} gen @param {SVGSVGElement} svg @param {Setup} result @returns {string[]}
 */
function nameThePawns(gen, svg, result) {
  const t = gen.texts;
  const named = [];
  for (const slot of /** @type {NodeListOf<SVGTextElement>} */ (svg.querySelectorAll("[data-name-slot]"))) {
    const i = Number(slot.dataset.nameSlot);
    const name = result.turn_order[i];
    if (name == null) continue;
    slot.textContent = fitted(name, Number(slot.dataset.width), Number(slot.getAttribute("font-size")));
    if (slot.textContent !== name) slot.append(Object.assign(document.createElementNS(svg.namespaceURI, "title"), { textContent: name }));
    named.push(`${i + 1}${t.colon()}${name}`);
  }
  return named.length ? [`${named.join(", ")}.`] : [];
}

/**
 * The families (or other boxes) the draw left out shown out, the others in, each named.
 * @param {SetupGenerator} gen @param {SVGSVGElement} svg @param {Setup} result @returns {string[]}
 */
function showTheDraw(gen, svg, result) {
  const group = /** @type {SVGGElement | null} */ (svg.querySelector("[data-drawn-out]"));
  if (!group) return [];
  const step = result.steps.find((s) => s.id === group.dataset.drawnOut);
  const out = new Set((step?.table ?? []).map((x) => x.id));
  /** @type {Record<string, string[]>} */
  const said = { in: [], out: [] };
  /** @type {Record<string, string>} */
  const words = {};
  for (const box of /** @type {NodeListOf<SVGGElement>} */ (group.querySelectorAll("[data-family-box]"))) {
    const state = out.has(box.dataset.familyBox ?? "") ? "out" : "in";
    for (const part of /** @type {NodeListOf<SVGGElement>} */ (box.querySelectorAll(":scope > [data-state]"))) {
      if (part.dataset.state === state) part.removeAttribute("display");
      else part.setAttribute("display", "none");
      words[part.dataset.state ?? ""] ??= part.querySelector("text:last-of-type")?.textContent ?? "";
    }
    const name = box.querySelector("[data-family-name]");
    name?.removeAttribute("display");
    said[state].push(name?.textContent ?? "");
  }
  const t = gen.texts;
  return ["in", "out"].filter((s) => said[s].length).map((s) => `${words[s]}${t.colon()}${said[s].join(", ")}.`);
}
