// How the site's search folds words, in the index and in the query alike: the search worker
// (worker.js, beside this file) runs every word of the index and of the reader's query
// through normaliseWords, so « egalite », « Égalité » and « l'égalité » meet on "egalite",
// and «сарана», «сарани» and «сараною» on "саран".
//
// - French and English: lower case, accents and ligatures folded (é -> e, œ -> oe), the
//   elided article or pronoun dropped (l', d', qu', jusqu'...), and a plural -s or -x taken
//   off, so that a word typed in the singular finds the plural and the other way round.
// - Ukrainian: lunr has no Ukrainian stemmer (MkDocs hands Ukrainian the Russian one, whose
//   endings are not Ukrainian), so stemUkrainian below takes off one inflection ending: the
//   endings of nouns, adjectives and pronouns in every case and number, and the reflexive
//   -ся. The apostrophe is part of a Ukrainian word (м’ята), so it is dropped, not split at;
//   ґ is read as г, and a word-initial в before a consonant as у (врожай = урожай).
//
// The search appends a wildcard to every query word, so a stem only has to begin the stems
// of the other forms; a stem is never cut shorter than three letters, or a short word would
// find half the site.
//
// Loaded as a classic script in the worker (it sets self.rulebookSearch) and as a CommonJS
// module by the tests (tests/rulebook/site/test_search_normalise.py).

(function (scope) {
  "use strict";

  /** Every apostrophe a reader may type or a page may print. */
  const APOSTROPHES = /['’ʼ‘`]/gu;

  /** French elisions: the letters before the apostrophe that are a word of their own. */
  const ELISION = /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu|presqu)['’ʼ‘`](?=\p{L})/u;

  /**
   * Ukrainian inflection endings, longest first: nouns, adjectives and pronouns (every case,
   * both numbers), then the short endings. Verbs keep their infinitive and personal endings:
   * rules name actions by nouns (пробудження, урожай), and a prefix finds the rest.
   */
  const UK_ENDINGS = [
    "ього", "ьому", "ого", "ому", "ими", "іми", "їми", "ями", "ами", "ові", "еві", "єві",
    "ий", "ій", "їй", "ої", "еї", "єї", "ою", "ею", "єю", "ую", "юю", "ям", "ам", "ах", "ях",
    "ів", "їв", "ом", "ем", "єм", "их", "іх", "им", "ім",
    "а", "я", "у", "ю", "і", "ї", "о", "е", "є", "и", "ь", "й",
  ];

  /** What is not part of a word at its either end (quotes, stops, brackets, dashes). */
  const EDGES = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

  /** The shortest stem stemUkrainian leaves. */
  const UK_MIN_STEM = 3;

  /** Ukrainian consonants (for в/у and the doubled consonant of -ння, -ття, -лля). */
  const UK_CONSONANT = /[бвгґджзклмнпрстфхцчшщ]/u;

  /**
   * The stem of one lower-case Ukrainian word.
   * @param {string} word
   * @returns {string}
   */
  function stemUkrainian(word) {
    let stem = word;
    for (const reflexive of ["ся", "сь"]) {
      if (stem.endsWith(reflexive) && stem.length - 2 >= UK_MIN_STEM + 1) {
        stem = stem.slice(0, -2);
        break;
      }
    }
    for (const ending of UK_ENDINGS) {
      if (stem.endsWith(ending) && stem.length - ending.length >= UK_MIN_STEM) {
        stem = stem.slice(0, -ending.length);
        break;
      }
    }
    // A doubled consonant before the ending is single in other forms: пробудження, пробуджень.
    const last = stem.slice(-1);
    if (stem.length > UK_MIN_STEM && UK_CONSONANT.test(last) && stem.slice(-2, -1) === last) {
      stem = stem.slice(0, -1);
    }
    // The vowel that comes and goes: гравець, гравця; рахунок, рахунку.
    if (stem.length > UK_MIN_STEM + 1 && /(?:ец|ок)$/u.test(stem)) {
      stem = stem.slice(0, -2) + stem.slice(-1);
    }
    return stem;
  }

  /**
   * One Ukrainian word as the index keeps it.
   * @param {string} word lower case
   * @returns {string}
   */
  function ukrainian(word) {
    let folded = word.replace(APOSTROPHES, "").replace(/ґ/gu, "г").replace(/ё/gu, "е");
    if (folded.length > 2 && folded[0] === "в" && UK_CONSONANT.test(folded[1])) {
      folded = "у" + folded.slice(1);
    }
    return /\p{sc=Cyrillic}/u.test(folded) ? stemUkrainian(folded) : latin(folded);
  }

  /**
   * A Latin-script word without accents, ligatures or plural ending.
   * @param {string} word lower case, without apostrophes
   * @returns {string}
   */
  function latin(word) {
    const folded = word
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .replace(/œ/gu, "oe")
      .replace(/æ/gu, "ae")
      .replace(/ß/gu, "ss");
    if (folded.length > 3 && /[sx]$/u.test(folded) && !/(?:ss|us|is)$/u.test(folded)) {
      return folded.slice(0, -1);
    }
    return folded;
  }

  /**
   * The index words one word of a page or query stands for (none, one, or more).
   * @param {string} language the site's language ("fr", "uk", "en")
   * @param {string} word one word, as the separator left it
   * @returns {string[]}
   */
  function normaliseWords(language, word) {
    // The separator leaves punctuation on words ("égalité.", «сарани»): an ending is only
    // an ending at the end of the letters.
    const lower = word.toLowerCase().replace(EDGES, "");
    if (!lower) return [];
    if (language === "uk") {
      const folded = ukrainian(lower);
      return folded ? [folded] : [];
    }
    const parts = lower.replace(ELISION, "").split(APOSTROPHES);
    return parts.filter((part) => part.length > 0).map(latin);
  }

  /** A word of a query: letters and digits, with apostrophes inside. */
  const QUERY_WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’ʼ‘`]*/gu;

  /**
   * How much more a page weighs for holding the word itself than for a longer word it
   * begins (the search appends a wildcard to every word): «імператор» finds the Emperor's
   * Visit before the imperial market, "inn" the inns before "inning".
   */
  const EXACT_BOOST = 10;

  /**
   * The reader's query with every word normalised and the query syntax (+, -, *, ~, ^,
   * quotes) left as typed. A plain word (no operator on it) is asked for twice: as itself,
   * boosted (EXACT_BOOST), and as the search's usual prefix.
   * @param {string} language
   * @param {string} query
   * @returns {string}
   */
  function normaliseQuery(language, query) {
    return query.replace(QUERY_WORD, (word, /** @type {number} */ at) => {
      const words = normaliseWords(language, word);
      const before = at > 0 ? query[at - 1] : " ";
      const after = query[at + word.length] ?? " ";
      const plain = /[\s"]/u.test(before) && /[\s"]/u.test(after);
      return words.map((one) => (plain ? `${one}^${EXACT_BOOST} ${one}` : one)).join(" ");
    });
  }

  const api = { normaliseWords, normaliseQuery, stemUkrainian };
  if (typeof module === "object" && module.exports) module.exports = api;
  else scope.rulebookSearch = api;
})(typeof self !== "undefined" ? self : globalThis);
