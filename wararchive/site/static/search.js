/* wararchive site: the search page (passages above Sphinx's pages) and the search words highlighted where a hit leads.
 *
 * Both searches key words alike (wararchive/site/search.py): a word's key is its folded Snowball stem, and the passage
 * index says which forms of the corpus have which key. The browser has no Estonian, Finnish or Swedish stemmer, so a
 * query word is read against each language's own words (waMatcher): a form the texts hold, an inflection of one (a form
 * and an ending of the language), a stem the word begins with, a word the query begins (only where the rest is an
 * ending: spionen is not a beginning of Spionaaž), and a part of a compound (marsalkka in Kenttämarsalkka).
 *
 * The query's language is told from the same evidence (waQueryLanguage) and its passages are listed first, as a reader
 * who types lipun wants the Finnish flag before the Estonian one; the reader may choose another language, or none.
 *
 * This file is also loaded by node in the tests (tests/site/test_site_search.py): the ranking there is the ranking here.
 */
"use strict";

const WA_LANGUAGES = { et: "Estonian", fi: "Finnish", sv: "Swedish", en: "English" };
/* The common inflectional endings of each language, folded: enough to tell an inflected form of a known word
 * (kenraali-a, spion-en) from a different word that shares its beginning (spion-aaž). */
const WA_ENDINGS = {
  et: ["dega", "dele", "dest", "tega", "tele", "test", "sse", "ile", "ist", "iga", "ga", "le", "lt", "st", "ks", "ni", "na", "ta", "de",
    "te", "id", "d", "i", "s", "l"],
  fi: ["kaan", "kään", "ssa", "ssä", "sta", "stä", "lla", "llä", "lta", "ltä", "lle", "ksi", "ien", "jen", "nsa", "nsä", "kin", "han",
    "hin", "na", "nä", "en", "in", "ja", "jä", "ia", "iä", "ni", "si", "n", "a", "ä", "t"].map((e) => e.normalize("NFKD").replace(/\p{M}/gu, "")),
  sv: ["arnas", "ernas", "ornas", "arna", "erna", "orna", "ens", "ets", "ans", "ars", "ers", "ors", "en", "et", "an", "na", "ar", "er",
    "or", "ns", "s", "n", "e", "a"],
  en: ["ing", "ers", "es", "ed", "er", "s"],
};
/* Letters a language's own words do not have (on the query as typed): Finnish has no f, b or g but in ng, so flaggan is
 * Swedish, not Finnish. Only a tiebreak, where the texts know none of the query's words. */
const WA_FOREIGN_LETTERS = { et: /[åcqwxy]/u, fi: /[bcfqwxzåõüšž]|(?<!n)g/u, sv: /[õüšž]/u, en: /[äöåõüšž]/u };

const waFold = (text) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const WA_PASSAGE_ID = /^[a-z]{2}-[a-z0-9-]+:\d+$/;
const WA_WORD = /[\p{L}\p{N}]+/gu;
const waSearchable = (w) => w.length > 1 || /^\p{N}$/u.test(w);
/* A compound holds the part and at least this many letters more (kenttä-marsalkka); a part is four letters or more. */
const WA_COMPOUND_REST = 3;

/* The query's terms: each a list of words (several for a "quoted phrase"), each {word: folded, raw: lower case as typed}. */
function waQueryTerms(query) {
  const terms = [];
  for (const m of query.matchAll(/"([^"]*)"?|([^\s"]+)/g)) {
    const words = [...(m[1] ?? m[2]).toLowerCase().matchAll(WA_WORD)].map((x) => x[0]).filter(waSearchable);
    if (words.length) terms.push(words.map((raw) => ({ word: waFold(raw), raw })));
  }
  return terms;
}

/* The passage index as the script searches it: every passage's words split and keyed (original, translation, label), and
 * per language its forms and keys. ``raw`` is wararchive-passages.json (wararchive/site/passage_search.py). */
function waBuildIndex(raw, root = "./") {
  const col = Object.fromEntries(raw.fields.map((f, i) => [f, i]));
  const langs = {};
  const lang = (code) => langs[code] || (langs[code] = { vocab: raw.vocab[code] || {}, forms: new Set(), keys: new Set(), matchers: new Map() });
  const tokens = (text, code) => {
    const L = lang(code);
    return [...text.matchAll(WA_WORD)].filter((m) => waSearchable(m[0])).map((m) => {
      const form = waFold(m[0]), key = Object.hasOwn(L.vocab, form) ? L.vocab[form] : form;
      L.forms.add(form);
      L.keys.add(key);
      return { form, key, start: m.index, end: m.index + m[0].length };
    });
  };
  const passages = raw.passages.map((row) => {
    const id = row[col.id], text = id.slice(0, id.lastIndexOf(":"));
    const p = { id, text, lang: raw.texts[text].lang, label: row[col.label], category: row[col.category], concepts: row[col.concepts],
      reading: row[col.reading], translation: row[col.translation] };
    p.readingTokens = tokens(p.reading, p.lang);
    p.translationTokens = tokens(p.translation, "en");
    p.labelTokens = tokens(p.label, "en");
    return p;
  });
  return { root, texts: raw.texts, concepts: raw.concepts, passages, langs };
}

/* The shortest key of ``keys`` that begins ``word`` and is at least half of it and four letters, or null: the stem of a
 * form the corpus does not hold (kenraalia → kenraali, flaggan → flag). */
function waStemIn(keys, word) {
  for (let n = Math.max(4, Math.ceil(word.length / 2)); n < word.length; n++) if (keys.has(word.slice(0, n))) return word.slice(0, n);
  return null;
}

const waEndingOf = (word, code, stem) => word.length > stem.length && word.startsWith(stem) && WA_ENDINGS[code].includes(word.slice(stem.length));

/* How a query word is read in a language (null where the index has no word of it): {key, quality, prefix, parts}, the
 * key null where none is found. ``quality``: 4 a form the language's
 * texts hold, 3 a key of them or an inflection of such a form, 2 a stem it begins with (kenraalia → kenraali) or a
 * beginning of words followed by an ending; ``parts``: what a compound may hold (the word, without an ending, its key). */
function waMatcher(index, word, code) {
  const L = index.langs[code];
  if (!L) return null;
  if (L.matchers.has(word)) return L.matchers.get(word);
  const keyOf = (form) => (Object.hasOwn(L.vocab, form) ? L.vocab[form] : form);
  const min = Math.max(4, Math.ceil(word.length / 2));
  let found = null;
  if (L.forms.has(word)) found = { key: keyOf(word), quality: 4 };
  else if (L.keys.has(word)) found = { key: word, quality: 3 };
  else {
    for (let n = word.length - 1; n >= min && !found; n--) if (L.forms.has(word.slice(0, n)) && waEndingOf(word, code, word.slice(0, n))) found = { key: keyOf(word.slice(0, n)), quality: 3 };
    const stem = found ? null : waStemIn(L.keys, word);
    if (stem) found = { key: stem, quality: 2 };
    /* a word one of the texts holds is finished: it is not the beginning of another (spion, Swedish, of Spionaaž) */
    const finished = Object.values(index.langs).some((X) => X.forms.has(word));
    for (let n = word.length; n >= min && !found && !finished; n--) {
      const head = word.slice(0, n);
      if ((n === word.length || waEndingOf(word, code, head)) && [...L.keys].some((k) => k.startsWith(head))) found = { key: head, quality: 2, prefix: true };
    }
  }
  const parts = new Set([word, ...WA_ENDINGS[code].filter((e) => word.endsWith(e)).map((e) => word.slice(0, -e.length))]);
  if (found) parts.add(found.key);
  const m = { word, code, key: found ? found.key : null, quality: found ? found.quality : 0, prefix: Boolean(found && found.prefix),
    parts: [...parts].filter((p) => p.length >= 4), lang: L };
  L.matchers.set(word, m);
  return m;
}

/* Whether ``rest``, what follows a part in a word, begins with a word of the language (kenraali-luutnantti), as the
 * rest of a word that only begins like another does not (spion-aaž). */
function waWordBegins(L, rest) {
  if (!L.heads) L.heads = new Map();
  if (!L.heads.has(rest)) L.heads.set(rest, [...L.keys].some((k) => k.length >= WA_COMPOUND_REST && rest.startsWith(k)));
  return L.heads.get(rest);
}

/* How well a token matches a matcher: its quality for the word itself (or 3 for the word and an ending, where the
 * stemmer gives the two different keys: fana, fanans), 1 for a compound that holds it, else 0. A compound holds the
 * part at its end (kenttä-marsalkka, with an ending or not) or before another word (kenraali-luutnantti). */
function waTokenMatch(token, m) {
  if (m.key !== null && (m.prefix ? token.key.startsWith(m.key) : token.key === m.key)) return m.quality;
  if (waEndingOf(token.form, m.code, m.word)) return 3;
  const s = token.form;
  const compound = (p) => {
    const at = s.indexOf(p), rest = s.slice(at + p.length);
    return at >= 0 && s.length >= p.length + WA_COMPOUND_REST && (rest === "" || WA_ENDINGS[m.code].includes(rest) || waWordBegins(m.lang, rest));
  };
  return m.parts.some(compound) ? 1 : 0;
}

/* The spans of ``tokens`` where the phrase of ``matchers`` occurs, and the best quality of a match (0: none). */
function waFind(tokens, matchers) {
  const spans = [];
  let quality = 0;
  for (let i = 0; i + matchers.length <= tokens.length; i++) {
    const q = matchers.map((m, j) => waTokenMatch(tokens[i + j], m));
    if (q.every((x) => x > 0)) {
      spans.push([tokens[i].start, tokens[i + matchers.length - 1].end]);
      quality = Math.max(quality, Math.min(...q));
    }
  }
  return { spans, quality };
}

/* The concepts a word names, in any language: one of its names, a beginning of one (spio → spioon) or an inflected form
 * of one (flaggan → flag). */
function waConceptsOf(index, word) {
  const names = (n) => n === word || (word.length >= 4 && n.startsWith(word)) || (n.length >= 4 && n.length * 2 >= word.length && word.startsWith(n));
  return Object.keys(index.concepts).filter((c) => Object.values(index.concepts[c]).some((ns) => ns.some(names)));
}

/* How much a word looks like a word of ``code``: 4 a form of its texts, 3 a concept's name in it, 2 an inflection of a
 * form or name of it or a part of one of its compounds, 1 only an ending of it and its letters, 0 none. */
function waEvidence(index, { word, raw }, code) {
  const L = index.langs[code];
  if (!L || WA_FOREIGN_LETTERS[code].test(raw)) return 0;
  if (L.forms.has(word)) return 4;
  const names = Object.values(index.concepts).flatMap((c) => c[code] || []);
  if (names.includes(word)) return 3;
  for (let n = word.length - 1; n >= 3; n--) if ((L.forms.has(word.slice(0, n)) || names.includes(word.slice(0, n))) && waEndingOf(word, code, word.slice(0, n))) return 2;
  if (word.length >= 4 && [...L.forms].some((f) => f.length >= word.length + WA_COMPOUND_REST && f.endsWith(word))) return 2;
  return WA_ENDINGS[code].some((e) => word.length >= e.length + 3 && word.endsWith(e)) ? 1 : 0;
}

/* The language of the query: the one whose words it most looks like (evidence summed over its words), or null where
 * none stands out. English counts (a reader may search the translations) but puts no language first. */
function waQueryLanguage(index, terms) {
  const words = terms.flat();
  const scores = Object.keys(WA_LANGUAGES).map((code) => [code, words.reduce((s, w) => s + waEvidence(index, w, code), 0)]);
  scores.sort((a, b) => b[1] - a[1]);
  return scores[0][1] > 0 && scores[0][1] > scores[1][1] ? scores[0][0] : null;
}

/* Points for a term's best match in a passage: its own words first, in the original before the translation. */
const WA_POINTS = { reading: [0, 6, 7, 9, 10], concept: 8, translation: [0, 3, 4, 4, 4], tagged: 2 };
const WA_FIRST = 100;

/* Every passage that holds every term (in its original, its translation or its label, or a concept's name where the
 * passage is tagged with the concept a term names), scored, the query's language ``first`` (a code, or null) before the
 * rest; with the spans to highlight. */
function waMatchPassages(index, terms, first) {
  const concepts = terms.map((t) => (t.length === 1 ? waConceptsOf(index, t[0].word) : []));
  const nameMatchers = new Map();
  const conceptMatchers = (cid, code) => {
    const k = `${cid} ${code}`;
    if (!nameMatchers.has(k)) nameMatchers.set(k, (index.concepts[cid][code] || []).map((n) => n.split(" ").map((w) => waMatcher(index, w, code))));
    return nameMatchers.get(k);
  };
  const hits = [];
  for (const p of index.passages) {
    let score = 0;
    const reading = [], translation = [];
    for (let t = 0; t < terms.length; t++) {
      const r = waFind(p.readingTokens, terms[t].map((w) => waMatcher(index, w.word, p.lang)));
      const en = terms[t].map((w) => waMatcher(index, w.word, "en"));
      const tr = waFind(p.translationTokens, en), lb = waFind(p.labelTokens, en);
      let points = Math.max(WA_POINTS.reading[r.quality], WA_POINTS.translation[Math.max(tr.quality, lb.quality)]);
      reading.push(...r.spans);
      translation.push(...tr.spans);
      /* a passage tagged with the concept the word names, where the word itself is not in its original (flaggan: fana) */
      for (const c of r.quality ? [] : concepts[t].filter((c) => p.concepts.includes(c))) {
        const own = conceptMatchers(c, p.lang).flatMap((ms) => waFind(p.readingTokens, ms).spans);
        points = Math.max(points, own.length ? WA_POINTS.concept : WA_POINTS.tagged);
        reading.push(...own);
        translation.push(...conceptMatchers(c, "en").flatMap((ms) => waFind(p.translationTokens, ms).spans));
      }
      if (!points) { score = 0; break; }
      score += points;
    }
    if (score) {
      const sorted = (spans) => spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
      hits.push({ p, score: score + (first && p.lang === first ? WA_FIRST : 0), reading: sorted(reading), translation: sorted(translation) });
    }
  }
  hits.sort((a, b) => b.score - a.score);
  return { hits, concepts: [...new Set(concepts.flat())] };
}

/* The words a hit matched, folded, for the page it leads to (its highlight= parameter): those of the original, or of
 * the translation where the original matched none (every translation on the page would light up with "flag"). */
function waHitWords(hit) {
  const words = (text, spans) => [...new Set(spans.flatMap(([a, b]) => [...text.slice(a, b).matchAll(WA_WORD)].map((m) => waFold(m[0]))))];
  return hit.reading.length ? words(hit.p.reading, hit.reading) : words(hit.p.translation, hit.translation);
}

/* ``href`` with the words to highlight where it leads, in Sphinx's highlight= parameter (before the #fragment). */
function waWithHighlight(href, words) {
  if (!words.length) return href;
  const url = new URL(href, location.href);
  url.searchParams.set("highlight", words.join(" "));
  return url.href;
}

/* --- in the browser ---------------------------------------------------------------------------------------------- */

/* The passage index, fetched once. */
let waIndexPromise = null;
function waLoadIndex() {
  if (!waIndexPromise) {
    const root = document.documentElement.dataset.content_root || "./";
    waIndexPromise = fetch(`${root}_static/wararchive-passages.json`).then((r) => r.json()).then((raw) => waBuildIndex(raw, root));
  }
  return waIndexPromise;
}

/* ``text`` around its first match, the matches marked (<mark>); built as DOM nodes, never as HTML. */
function waSnippet(text, spans, width = 220) {
  const first = spans.length ? spans[0][0] : 0;
  const start = Math.max(0, first - 70), end = Math.min(text.length, start + width);
  const p = document.createElement("p");
  p.className = "wa-snippet";
  let at = start;
  if (start > 0) p.append("…");
  for (const [a, b] of spans.filter(([a, b]) => a >= start && b <= end)) {
    if (a < at) continue;
    p.append(text.slice(at, a).replace(/\s+/g, " "));
    const mark = document.createElement("mark");
    mark.textContent = text.slice(a, b);
    p.append(mark);
    at = b;
  }
  p.append(text.slice(at, end).replace(/\s+/g, " "));
  if (end < text.length) p.append("…");
  return p;
}

/* What the search page found: passages (known first) and pages (once Sphinx is done), to be said in one place. */
const waFound = { query: "", terms: 0, passages: null, pages: null, count: null, first: null, texts: null, pageWords: [] };

/* One message for the whole search, never two that contradict each other ("No passage matches; pages that do are
 * listed below" over Sphinx's "did not match any documents"): the passages' count line speaks for both where no
 * passage matches, and Sphinx's line and heading are kept only where pages matched. */
function waSummary() {
  const { passages, pages, count, query } = waFound;
  if (!count) return;  /* no word to search the passages with (one letter): Sphinx's line is the only one */
  const status = document.querySelector("#search-results .search-summary");
  if (pages !== null && Search.title && status) {
    Search.title.textContent = "Pages";
    Search.title.hidden = status.hidden = pages === 0;
  }
  if (passages !== 0) return;
  const all = waFound.terms > 1 ? "all these words" : "this word";
  if (pages === null) count.textContent = "No passage matches; looking for pages…";
  else if (pages === 0) count.textContent = `Nothing matches “${query}”: no passage and no page holds ${all}. Try another form of it, or fewer words.`;
  else count.textContent = `No passage matches; ${pages} page${pages === 1 ? " holds" : "s hold"} ${all} (below).`;
}

const WA_PAGE = 60;

/* The passage results above Sphinx's: the language first, filters by language, text and category, a count, highlighted
 * snippets; every link carries the words it matched, to be highlighted where it leads. */
async function waPassageSearch() {
  const results = document.getElementById("search-results");
  const params = new URLSearchParams(location.search);
  const query = params.get("q");
  if (!results || !query) return;
  const index = await waLoadIndex();
  const href = (pid) => `${index.root}texts/${pid.slice(0, pid.lastIndexOf(":"))}.html#${pid}`;
  const q = query.trim();
  if (WA_PASSAGE_ID.test(q) && index.passages.some((p) => p.id === q)) { location.replace(href(q)); return; }
  const terms = waQueryTerms(q);
  if (!terms.length) return;
  const detected = waQueryLanguage(index, terms);
  const box = document.createElement("section");
  box.className = "wa-passage-results";
  box.setAttribute("aria-labelledby", "wa-passages-head");
  const head = document.createElement("h2");
  head.id = "wa-passages-head";
  head.textContent = "Passages";
  box.append(head);
  const filters = document.createElement("form");
  filters.className = "wa-filters";
  filters.setAttribute("aria-label", "order and filter the passages");
  const choice = (name, label, options) => {
    const l = document.createElement("label");
    const s = document.createElement("select");
    s.name = name;
    for (const [value, text] of options) {
      const o = document.createElement("option");
      o.value = value;
      o.textContent = text;
      s.append(o);
    }
    s.value = options.some(([v]) => v === params.get(name)) ? params.get(name) : "";
    l.append(`${label} `, s);
    filters.append(l);
    return s;
  };
  const sources = Object.entries(WA_LANGUAGES).filter(([code]) => code !== "en");
  const first = choice("first", "First", [["", `the query's language (${detected && detected !== "en" ? WA_LANGUAGES[detected] : "none told"})`],
    ...sources, ["none", "no language"]]);
  const note = document.createElement("p");
  note.className = "wa-hint";
  let hits = [], concepts = [];
  const rank = () => {
    const code = first.value === "none" ? null : first.value || detected;
    ({ hits, concepts } = waMatchPassages(index, terms, code));
    note.textContent = concepts.length
      ? `Also passages tagged with the concept ${concepts.join(", ")} (${concepts.map((c) => Object.values(index.concepts[c]).flat().join(" = ")).join("; ")}).`
      : "";
    note.hidden = !concepts.length;
  };
  rank();
  const seen = (f) => [...new Set(hits.map((h) => f(h.p)))].filter(Boolean).sort();
  const named = (code) => WA_LANGUAGES[code] || code;
  const lang = choice("lang", "Language", [["", "all"], ...seen((p) => p.lang).map((l) => [l, named(l)])]);
  /* one entry per text, told apart: the Finnish and the Swedish Japanese War Game have the same English title */
  const text = choice("text", "Text", [["", "all"], ...seen((p) => p.text).map((t) => [t, `${index.texts[t].title} (${named(index.texts[t].lang)})`])]);
  const cat = choice("cat", "Category", [["", "all"], ...seen((p) => p.category).map((c) => [c, c])]);
  const count = document.createElement("p");
  count.className = "wa-count";
  count.setAttribute("aria-live", "polite");
  const list = document.createElement("ul");
  const more = document.createElement("button");
  more.type = "button";
  more.className = "wa-more";
  let limit = WA_PAGE;
  const render = () => {
    const shown = hits.filter((h) => (!lang.value || h.p.lang === lang.value) && (!text.value || h.p.text === text.value)
      && (!cat.value || h.p.category === cat.value));
    const page = shown.slice(0, limit);
    count.textContent = shown.length ? `Showing ${page.length} of ${shown.length} passage${shown.length === 1 ? "" : "s"}`
      + (shown.length < hits.length ? ` (${hits.length} before the filters)` : "") : "";
    Object.assign(waFound, { query: q, terms: terms.length, passages: hits.length, count });
    if (!shown.length && hits.length) count.textContent = `No passage matches with these filters (${hits.length} without them).`;
    else waSummary();
    list.replaceChildren(...page.map((hit) => {
      const { p, reading, translation } = hit;
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = waWithHighlight(href(p.id), waHitWords(hit));
      a.textContent = `${p.id}${p.label ? " — " + p.label : ""}`;
      const where = document.createElement("span");
      where.className = "wa-muted";
      where.textContent = ` (${index.texts[p.text].title}, ${named(p.lang)}${p.category ? ", " + p.category : ""})`;
      li.append(a, where);
      const orig = waSnippet(p.reading, reading);
      orig.lang = p.lang;
      li.append(orig);
      if (translation.length || !reading.length) {
        const en = waSnippet(p.translation, translation);
        en.lang = "en";
        en.classList.add("wa-snippet-en");
        li.append(en);
      }
      return li;
    }));
    more.hidden = shown.length <= limit;
    more.textContent = `Show all ${shown.length}`;
    const url = new URL(location.href);
    for (const s of [first, lang, text, cat]) { if (s.value) url.searchParams.set(s.name, s.value); else url.searchParams.delete(s.name); }
    history.replaceState(null, "", url);
  };
  first.addEventListener("change", () => { rank(); limit = WA_PAGE; render(); });
  for (const s of [lang, text, cat]) s.addEventListener("change", () => { limit = WA_PAGE; render(); });
  more.addEventListener("click", () => { limit = Infinity; render(); });
  box.append(note, filters, count, list, more);
  render();
  results.before(box);
  Object.assign(waFound, { first: first.value === "none" ? null : first.value || detected, texts: index.texts,
    pageWords: [...new Set([...terms.flat().map((w) => w.word), ...hits.flatMap(waHitWords)])] });
}

/* Sphinx's page search keyed like the passages: its index holds every word's keys (search.py); the query's words are
 * keyed here, against the same forms, instead of by Sphinx's English stemmer. Pages of the query's language come first,
 * a word inside a title's word (spion in Spionaaž) no longer outranks the word itself in a text, every link carries the
 * words to highlight, and Sphinx's "no match" line gives way to the one summary (waSummary). The passages are searched
 * first, as Sphinx's query starts: the pages are ranked by the language they tell. */
function waPageSearch() {
  if (typeof Search === "undefined" || !new URLSearchParams(location.search).get("q")) return;
  const query = Search.query;
  const forms = Object.create(null);  /* a form of any language, with its shortest key (a page holds every key of its words) */
  Search.query = (q) => {
    waPassageSearch().then(() => waLoadIndex()).then((index) => {
      for (const L of Object.values(index.langs)) {
        for (const [form, key] of Object.entries(L.vocab)) if (!(form in forms) || key.length < forms[form].length) forms[form] = key;
      }
      query(q);
    });
  };
  Search._parseQuery = (q) => {
    const index = Search._index;
    const keys = Search.waKeys || (Search.waKeys = new Set([...Object.keys(index.terms), ...Object.keys(index.titleterms)]));
    const words = waQueryTerms(q).flat().map((w) => w.word);
    /* a form's key, else a stem it begins with, else the word, which Sphinx matches as part of a term */
    const key = (w) => (w in forms || keys.has(w) || w.length < 5 ? forms[w] || w : waStemIn(keys, w) || w);
    return [q, new Set(words.map(key)), new Set(), new Set(words), new Set(words)];
  };
  Scorer.partialTitle = Scorer.partialTerm;
  Scorer.score = ([docname, , , , score]) => {
    const text = docname.startsWith("texts/") && waFound.texts && waFound.texts[docname.slice(6)];
    return score + (text && waFound.first && text.lang === waFound.first ? Scorer.title : 0);
  };
  document.addEventListener("DOMContentLoaded", () => {
    const out = document.getElementById("search-results");
    if (!out) return;
    new MutationObserver(() => {
      out.querySelectorAll("ul.search li > a:not([data-wa-highlight])").forEach((a) => {
        a.dataset.waHighlight = "";
        a.href = waWithHighlight(a.getAttribute("href"), waFound.pageWords);
      });
      if (waFound.pages === null && Search._pulse_status === -1 && out.querySelector(".search-summary")?.textContent) {
        waFound.pages = out.querySelectorAll("ul.search li").length;
        waSummary();
      }
    }).observe(out, { childList: true, subtree: true, characterData: true });
  });
}

/* On the page a search result leads to: the words it matched (Sphinx's highlight= parameter, folded words) marked in
 * the article, whole words only, as the search matched them (Sphinx's own highlighter marks any lower-case substring
 * anywhere, the navigation included, and knows no folding); a button and Escape take the marks away. */
function waHighlightOnArrival() {
  if (typeof Search !== "undefined") return;
  const url = new URL(location.href);
  const words = new Set(waFold(url.searchParams.get("highlight") || "").split(/\s+/).filter(Boolean));
  try { localStorage.removeItem("sphinx_highlight_terms"); } catch (e) { /* storage may be disabled: nothing kept there */ }
  if (!words.size) return;
  url.searchParams.delete("highlight");
  history.replaceState(history.state, "", url);  /* before Sphinx's highlighter reads it (it runs on DOMContentLoaded) */
  document.addEventListener("DOMContentLoaded", () => {
    const article = document.querySelector("article[role=main]") || document.querySelector("main") || document.body;
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement.closest("script, style, button, select, textarea, mark.wa-search-hit") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    const nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    let marked = 0;
    for (const node of nodes) {
      const hits = [...node.nodeValue.matchAll(WA_WORD)].filter((m) => words.has(waFold(m[0])));
      for (const m of hits.reverse()) {
        const word = node.splitText(m.index);
        word.splitText(m[0].length);
        const mark = document.createElement("mark");
        mark.className = "wa-search-hit";
        word.replaceWith(mark);
        mark.append(word);
        marked++;
      }
    }
    if (!marked) return;
    const bar = document.createElement("p");
    bar.className = "wa-hint wa-search-words";
    const hide = document.createElement("button");
    hide.type = "button";
    hide.textContent = "Hide search matches";
    const unmark = () => {
      document.querySelectorAll("mark.wa-search-hit").forEach((m) => m.replaceWith(...m.childNodes));
      bar.remove();
    };
    hide.addEventListener("click", unmark);
    document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && !ev.target.closest?.("input, select, textarea")) unmark(); });
    bar.append(`${marked} search match${marked === 1 ? "" : "es"} marked (${[...words].join(", ")}). `, hide);
    article.prepend(bar);
    /* the line above the article moved the passage the address names, already scrolled to: back into view */
    const target = location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView({ behavior: "instant" });
  });
}

/* In node (the tests) the ranking alone; in the browser the search page, or the highlighting where a result leads. */
if (typeof module !== "undefined") {
  module.exports = { waBuildIndex, waMatchPassages, waQueryLanguage, waQueryTerms, waHitWords };
} else {
  waHighlightOnArrival();
  waPageSearch();
}
