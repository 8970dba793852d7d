// Search over the engine's Pagefind index (/_site/search/): loading it,
// turning its results into page groups with their best section, correcting
// typos from the site's word list, and remembering recent searches.
// Only the search dialog imports this module, so none of it is in a page's
// first load.

import { browserStorage, readItem, writeItem, type StorageLike } from "./storage";
import { promiseCache } from "./promiseCache.ts";

/**
 * The folder of the site's search files. A versioned site has one index for all its versions
 * (with a `version` filter) and a word list per version.
 */
export const DEFAULT_BASE = "/_site/";
export const BUNDLE_URL = `${DEFAULT_BASE}search/pagefind.js`;
export const TERMS_URL = `${DEFAULT_BASE}search-terms.json`;

/** The parts of Pagefind's browser API the dialog uses. */
export interface PagefindLocation {
  weight: number;
  balanced_score: number;
  location: number;
}

export interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  anchor?: { id: string; element: string };
  weighted_locations?: PagefindLocation[];
}

export interface PagefindData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  sub_results: PagefindSubResult[];
}

export interface PagefindResult {
  id: string;
  score: number;
  data: () => Promise<PagefindData>;
}

export interface PagefindSearch {
  results: PagefindResult[];
}

export interface Pagefind {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (query: string, options?: { filters?: Record<string, string> }) => Promise<PagefindSearch | null>;
  /** Every filter of the index with its values and their page counts. */
  filters?: () => Promise<Record<string, Record<string, number>>>;
}

// Pagefind is loaded once; a failed load (offline, index missing) is forgotten so that the next
// query tries again.
const pagefindLoads = promiseCache<string, Pagefind>({ forgetFailures: true });

/** Loads the Pagefind index under `base` once; later calls share the first load. */
export function loadPagefind(
  load: (url: string) => Promise<Pagefind> = (url) => import(/* @vite-ignore */ url),
  base: string = DEFAULT_BASE,
): Promise<Pagefind> {
  const url = `${base}search/pagefind.js`;
  return pagefindLoads.get(url, () =>
    load(url).then(async (pagefind) => {
      // No worker: it would download the search code a second time, and searching this index
      // on the main thread takes a few milliseconds.
      await pagefind.options({ excerptLength: 22, noWorker: true });
      await pagefind.init();
      return pagefind;
    }),
  );
}

/** A section of a page that matched, with its link (page URL plus anchor). */
export interface SectionHit {
  title: string;
  url: string;
  excerpt: string;
}

/** One page in the results: its best section first, then up to two more. */
export interface PageHit {
  url: string;
  title: string;
  breadcrumb: string;
  best: SectionHit;
  more: SectionHit[];
}

function sectionScore(sub: PagefindSubResult): number {
  return (sub.weighted_locations ?? []).reduce((sum, l) => sum + l.balanced_score, 0);
}

/** A page's result as a group: the best-scoring section leads; the rest keep page order. */
export function toPageHit(data: PagefindData): PageHit {
  const title = data.meta.title ?? data.url;
  const page: SectionHit = { title, url: data.url, excerpt: data.excerpt };
  const subs = data.sub_results ?? [];
  let best = page;
  let bestScore = -1;
  for (const sub of subs) {
    const score = sectionScore(sub);
    if (score > bestScore) {
      best = { title: sub.title, url: sub.url, excerpt: sub.excerpt };
      bestScore = score;
    }
  }
  const more = subs
    .filter((s) => s.url !== best.url && sectionScore(s) > 0)
    .slice(0, 2)
    .map((s) => ({ title: s.title, url: s.url, excerpt: s.excerpt }));
  return { url: data.url, title, breadcrumb: data.meta.breadcrumb ?? "", best, more };
}

/** Parts of an excerpt: Pagefind marks the matched words with <mark>; everything else is text. */
export interface ExcerptPart {
  text: string;
  mark: boolean;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name]);
}

/** Splits an excerpt into plain and marked text, so it is rendered as text, never as HTML. */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  const re = /<mark>(.*?)<\/mark>/g;
  let last = 0;
  for (let m = re.exec(excerpt); m; m = re.exec(excerpt)) {
    if (m.index > last) parts.push({ text: decodeEntities(stripTags(excerpt.slice(last, m.index))), mark: false });
    parts.push({ text: decodeEntities(stripTags(m[1])), mark: true });
    last = m.index + m[0].length;
  }
  if (last < excerpt.length) parts.push({ text: decodeEntities(stripTags(excerpt.slice(last))), mark: false });
  return parts.filter((p) => p.text !== "");
}

function stripTags(text: string): string {
  return text.replace(/<[^>]*>/g, "");
}

/** The Damerau–Levenshtein distance of two words, giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
  }
  return rows[a.length][b.length];
}

/**
 * The nearest site word to a word no site word starts with: one edit allowed
 * for words up to five letters, two for longer ones. `terms` is ordered most
 * frequent first, so ties go to the commoner word. Null when the word is
 * known, or nothing is near enough.
 */
export function correctWord(word: string, terms: readonly string[]): string | null {
  const w = word.toLowerCase();
  if (w.length < 3 || !/^[a-z]+$/.test(w)) return null;
  if (terms.some((t) => t.startsWith(w))) return null;
  const max = w.length <= 5 ? 1 : 2;
  let best: string | null = null;
  let bestDistance = max + 1;
  for (const term of terms) {
    const d = editDistance(w, term, Math.min(max, bestDistance - 1));
    if (d < bestDistance) {
      best = term;
      bestDistance = d;
      if (d === 1) break;
    }
  }
  return best;
}

/** The query with each unknown word replaced by its correction; null when nothing changed. */
export function correctQuery(query: string, terms: readonly string[]): string | null {
  let changed = false;
  const corrected = query
    .split(/(\s+)/)
    .map((part) => {
      const fix = /\s/.test(part) ? null : correctWord(part, terms);
      if (fix) changed = true;
      return fix ?? part;
    })
    .join("");
  return changed ? corrected : null;
}

// The word list is fetched once; a failure gives an empty list, kept (typo correction is a nicety).
const terms = promiseCache<string, string[]>({ forgetFailures: false });

/** The word list of the index under `base`, fetched once, with the first query. */
export function loadTerms(fetcher: typeof fetch = fetch, base: string = DEFAULT_BASE): Promise<string[]> {
  const url = `${base}search-terms.json`;
  return terms.get(url, () =>
    fetcher(url)
      .then((r) => (r.ok ? (r.json() as Promise<string[]>) : []))
      .catch(() => []),
  );
}

const RECENT_KEY = "docsite.search.recent";
const RECENT_MAX = 5;

export function recentSearches(storage: StorageLike | null = browserStorage("localStorage")): string[] {
  try {
    const list: unknown = JSON.parse(readItem(storage, RECENT_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((q): q is string => typeof q === "string").slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts a query first in the recent list (once), keeping the five latest. */
export function rememberSearch(query: string, storage: StorageLike | null = browserStorage("localStorage")): string[] {
  const q = query.trim();
  if (!q) return recentSearches(storage);
  const list = [q, ...recentSearches(storage).filter((r) => r !== q)].slice(0, RECENT_MAX);
  writeItem(storage, RECENT_KEY, JSON.stringify(list));
  return list;
}
