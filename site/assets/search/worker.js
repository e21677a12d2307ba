// The site's search worker: Material's own worker with the site's word folding around it.
// rulebook/site/search.py writes it beside Material's worker, as
// <lang>/assets/javascripts/workers/rulebook-search.js, with normalise.js and two
// constants in front of this text:
//
//   const MATERIAL = "search.<hash>.min.js";   // Material's worker, in the same folder
//   const LANGUAGE = "fr";                       // the build's language
//
// and each page starts it instead of Material's (site/overrides/main.html).
//
// Why here, and not in the index file or the plugin's options: Material's worker splits
// words at the plugin's `separator` and then runs each through a lunr pipeline, for the
// index and again for the query, but it appends a wildcard to every query word, and lunr
// skips the pipeline for a word with a wildcard. A folded copy of the text written at build
// time would therefore still meet the reader's query unfolded (and double the index file).
// So the one fold (normalise.js) is applied on both sides, in this worker: to every word
// the index takes in, through a function added to the index's pipeline, and to the query,
// before Material reads it. The index keeps the pages' own text, so results are shown and
// highlighted as written. Only two points of Material's worker are relied on: its message
// protocol (the query is the data of a message of type 2, results of type 3) and lunr's
// Builder, which it exposes as self.lunr; if either changes, search still works, unfolded.

/** Material's message types for a query and its results (SearchMessageType). */
const QUERY = 2;
const RESULT = 3;

/** How much more a section weighs whose title is the query itself (see titlesFirst). */
const TITLE_BOOST = 10;

/** This worker's global scope. */
const scope = /** @type {any} */ (self);
const { normaliseWords, normaliseQuery } = scope.rulebookSearch;

/** The folded words of the last query, to find the titles that are the query. */
let asked = new Set();

/**
 * The folded words of a text (a query, a title without its highlighting), numbers left out.
 * @param {string} text
 * @returns {string[]}
 */
function words(text) {
  return text
    .replace(/<[^>]*>/gu, " ")
    .split(/[\s\-]+/u)
    .flatMap((word) => normaliseWords(LANGUAGE, word))
    .filter((word) => !/^\d+$/u.test(word));
}

/**
 * Material's results with the sections whose title is the query ("relais", "Inns", «Жолуді»)
 * first: lunr weighs a title that holds the word as much as a longer title that also holds
 * it ("relais intermédiaire"), and more if the longer one's text repeats it. Such a
 * section's score is raised by TITLE_BOOST, then each page's sections and the pages are put
 * in score order again, as Material had them.
 * @param {any} result Material's result: items, a list of pages' lists of sections
 */
function titlesFirst(result) {
  if (!result || !Array.isArray(result.items) || asked.size === 0) return result;
  for (const page of result.items) {
    for (const item of page) {
      const title = words(String(item.title ?? ""));
      if (title.length > 0 && title.every((word) => asked.has(word))) item.score *= TITLE_BOOST;
    }
    page.sort((/** @type {any} */ a, /** @type {any} */ b) => b.score - a.score);
  }
  result.items.sort((/** @type {any[]} */ a, /** @type {any[]} */ b) => b[0].score - a[0].score);
  return result;
}

// Registered before Material's listener, so the query is folded before Material reads it.
addEventListener("message", (event) => {
  const message = event.data;
  if (message && message.type === QUERY && typeof message.data === "string") {
    asked = new Set(words(message.data));
    message.data = normaliseQuery(LANGUAGE, message.data);
  }
});

// Material answers with the global postMessage: its results pass through titlesFirst.
const post = scope.postMessage.bind(scope);
scope.postMessage = (/** @type {any} */ message, /** @type {any[]} */ ...rest) =>
  post(message && message.type === RESULT ? { ...message, data: titlesFirst(message.data) } : message, ...rest);

importScripts(MATERIAL);

/**
 * The index's pipeline step: each word as normaliseWords folds it (a French elision such as
 * "l’empereur", if the separator left it whole, becomes one word).
 * @param {any} token a lunr.Token
 */
function fold(token) {
  const words = normaliseWords(LANGUAGE, token.toString());
  if (words.length === 0) return undefined;
  if (words.length === 1) return token.update(() => words[0]);
  return words.map((word) => token.clone(() => word));
}

const lunr = scope.lunr;
if (lunr && lunr.Builder && lunr.Pipeline) {
  lunr.Pipeline.registerFunction(fold, "rulebookFold");
  const add = lunr.Builder.prototype.add;
  // Material sets the pipelines up (language, stop words) before it adds the first page:
  // the fold goes last, on the first page added, so it sees the words the others leave.
  lunr.Builder.prototype.add = function (/** @type {unknown[]} */ ...args) {
    if (!this.rulebookFolds) {
      this.rulebookFolds = true;
      // Not to the search pipeline: the query was folded as it came in, and a second fold
      // would stem a stem (нічия -> нічи -> ніч).
      this.pipeline.add(fold);
    }
    return add.apply(this, args);
  };
}
