// The header search and the search page's form, on a host with or without the app (docs/search.md).
//
// Without JavaScript a form GETs /prices/search?game=&q=, which the app answers. With it, the first
// search of a visit asks whether the app is there: it GETs one small JSON search; an answer in JSON
// means the app, and the form is submitted as it would be without this script. Anything else (a 404
// of a CDN-only host, a 502 of nginx with no app behind it) means a static host: the query goes to
// /prices/search#game=&q= (a fragment, so any host serves the page's file) and this script searches
// the static index (/pagefind/, written by `build.py build --search-index`) and draws the results.

const PAGE = "/prices/search";
const INDEX = "/pagefind/pagefind.js";
const SHOWN = 50; // results read and listed at most (each is one small fragment file)
const VERDICT = "cardpantry-search-host"; // sessionStorage: "app" or "static", asked once a visit
const LEVELS = ["high", "medium", "low"];

// Names and queries in one form, as generator/catalog/names.py folds them: NFKC, case-folded,
// the ligatures œ and æ written out, hiragana as katakana, accents dropped from Latin, Greek and
// Cyrillic letters (kana keep theirs), and every run of anything but letters and digits one space.
export function fold(text) {
  const lower = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/ς/g, "σ")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae");
  const katakana = lower.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
  let kept = "";
  let base = 0;
  for (const char of katakana.normalize("NFD")) {
    const mark = /\p{Mn}/u.test(char);
    if (mark && base < 0x0530) continue;
    if (!mark) base = char.codePointAt(0);
    kept += char;
  }
  return kept.normalize("NFC").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

async function host(form) {
  const known = sessionStorage.getItem(VERDICT);
  if (known) return known;
  const game = [...form.elements.game.options].map((o) => o.value).find((v) => v !== "all");
  let verdict = "static";
  try {
    const probe = await fetch(`/api/v1/search/cards?game=${encodeURIComponent(game)}&q=1&limit=1`, {
      headers: { Accept: "application/json" },
    });
    const type = probe.headers.get("Content-Type") || "";
    if (probe.ok && type.startsWith("application/json")) verdict = "app";
  } catch {
    // no answer at all: a static host that refuses the path
  }
  sessionStorage.setItem(VERDICT, verdict);
  return verdict;
}

function wanted() {
  const asked = new URLSearchParams(location.hash.slice(1));
  return { game: asked.get("game") || "all", q: asked.get("q") || "" };
}

// The name's whole words, as names.py's whole_words: a hyphen between two letters keeps a compound
// one word (Zoro-Juurou), so "zoro" is a whole word of "Roronoa Zoro" and only the start of it.
function wholeWords(name) {
  return new Set(fold(name.normalize("NFKC").replace(/(?<=[\p{L}\p{N}_])[-\u2010\u2011](?=[\p{L}\p{N}_])/gu, "")).split(" "));
}

// How the app ranks a name match (names.py): its level (the whole name; every query word a whole
// word of it, or its start; else words it starts), then whole words before a start, then the
// shortest name.
export function rank(name, query) {
  const folded = fold(name);
  const whole = wholeWords(name);
  const allWhole = query.split(" ").every((w) => whole.has(w));
  const level = folded === query ? "high" : allWhole || folded.startsWith(query) ? "medium" : "low";
  return { level, key: [LEVELS.indexOf(level), allWhole ? 0 : 1, folded.length] };
}

function byRank(a, b) {
  for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i] - b.key[i];
  return 0;
}

// The static index's answer to a query: up to SHOWN results, and how many there are (bench/static_search.py).
export async function searchIndex(game, q) {
  const pagefind = await import(INDEX);
  await pagefind.options({ basePath: "/pagefind/", noWorker: true });
  await pagefind.init();
  const query = fold(q);
  const found = await pagefind.search(game === "all" ? query : `${query} game_${game}`);
  const read = await Promise.all(found.results.slice(0, SHOWN).map((r) => r.data()));
  // Pagefind drops a word no card has and answers for the others; the app needs every word, so a
  // result is kept only when each word of the query starts one of its words.
  const words = query.split(" ");
  const kept = read.filter((d) => words.every((w) => d.content.split(/\s+/).some((c) => c.startsWith(w))));
  const ranked = kept.map((d) => ({ d, ...rank(d.meta.title, query) })).sort(byRank);
  const rows = ranked.map(({ d, level }) => ({ ...d.meta, url: d.url, confidence: level }));
  return { rows, count: kept.length < read.length ? kept.length : found.results.length };
}

function cell(row, tag, content, scope) {
  const element = document.createElement(tag);
  if (scope) element.scope = scope;
  element.append(...content);
  row.append(element);
}

// Each language code in words, and the lang its text is marked with (the page writes them once:
// generator/surfaces/pages/languages.py).
function languages() {
  const written = document.getElementById("search-languages");
  return written ? JSON.parse(written.textContent) : {};
}

function table(found, games, game) {
  const known = languages();
  const everyGame = game === "all"; // one game searched: no column saying it on every row
  const wrap = document.createElement("div");
  Object.assign(wrap, { className: "table-wrap", tabIndex: 0 });
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", "Results");
  const list = document.createElement("table");
  const shown = found.rows.length < found.count ? ` (first ${found.rows.length} shown)` : "";
  list.createCaption().textContent = `${found.count} match${found.count === 1 ? "" : "es"}${shown}, from the static index`;
  const head = list.createTHead().insertRow();
  const labels = ["Card", ...(everyGame ? ["Game"] : []), "Set and number", "Language", "Confidence"];
  for (const label of labels) cell(head, "th", [label], "col");
  const body = list.createTBody();
  for (const match of found.rows) {
    const row = body.insertRow();
    const language = known[match.lang] || { words: match.lang, lang: match.lang };
    const link = Object.assign(document.createElement("a"), { href: match.url, textContent: match.title });
    if (language.lang) link.lang = language.lang;
    const sku = Object.assign(document.createElement("code"), { textContent: match.sku });
    cell(row, "th", [link, document.createElement("br"), sku], "row");
    if (everyGame) cell(row, "td", [games.get(match.game) || match.game]);
    cell(row, "td", [`${match.set} ${match.number}`]);
    cell(row, "td", [language.words]);
    cell(row, "td", [match.confidence]);
  }
  wrap.append(list);
  return wrap;
}

function hint(game, q) {
  const shown = document.getElementById("search-hint").content.cloneNode(true);
  const again = shown.querySelector("[data-all-games]");
  if (game === "all") again?.parentElement.remove();
  else if (again) again.href = `${PAGE}#${new URLSearchParams({ game: "all", q })}`;
  return shown;
}

async function showStatic(form) {
  const { game, q } = wanted();
  const results = document.getElementById("static-results");
  if (!q.trim() || !results) return;
  form.elements.game.value = game;
  form.elements.q.value = q;
  const games = new Map([...form.elements.game.options].map((o) => [o.value, o.textContent]));
  results.replaceChildren(Object.assign(document.createElement("p"), { textContent: "Searching…" }));
  try {
    const found = await searchIndex(game, q);
    results.replaceChildren(found.count ? table(found, games, game) : hint(game, q));
  } catch {
    const failed = "This host has no app and no static search index: the search needs one of them.";
    results.replaceChildren(Object.assign(document.createElement("p"), { role: "alert", textContent: failed }));
  }
}

async function submitted(event) {
  const form = event.currentTarget;
  event.preventDefault();
  if ((await host(form)) === "app") {
    form.submit();
    return;
  }
  const asked = new URLSearchParams({ game: form.elements.game.value, q: form.elements.q.value });
  if (location.pathname === PAGE) {
    location.hash = asked.toString(); // hashchange searches
  } else {
    location.assign(`${PAGE}#${asked}`);
  }
}

for (const form of document.querySelectorAll("form[data-search]")) form.addEventListener("submit", submitted);

const page = document.querySelector("form.search-page[data-search]");
if (page && location.pathname === PAGE) {
  const arrived = async () => {
    if (!wanted().q) return;
    if ((await host(page)) === "app") {
      location.replace(`${PAGE}?${new URLSearchParams(wanted())}`); // a fragment's search, as the app's page
    } else {
      await showStatic(page);
    }
  };
  addEventListener("hashchange", arrived);
  arrived();
}
