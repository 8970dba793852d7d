// The integrations libraries gallery: what each card carries in
// customProps, and the filters, which live in the URL query so that a
// filtered view can be shared (?category=etl&support=community).

import type { Card } from "../types";

export type Support = "all" | "dagster" | "community";

export interface LibraryFilters {
  /** A category slug, or null for every category. */
  category: string | null;
  support: Support;
}

export interface Library {
  card: Card;
  logo?: string;
  categories: string[];
  community: boolean;
}

export interface CategoryOption {
  slug: string;
  label: string;
  count: number;
}

export const NO_FILTERS: LibraryFilters = { category: null, support: "all" };

/** "Data warehouse" -> "data-warehouse": the form categories take in URLs. */
export function categorySlug(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Reads a card's customProps defensively: the engine passes front matter through. */
export function toLibrary(card: Card): Library {
  const props = card.customProps ?? {};
  const categories = Array.isArray(props.categories)
    ? props.categories.filter((c): c is string => typeof c === "string" && c.trim() !== "")
    : [];
  return {
    card,
    logo: typeof props.logo === "string" && props.logo !== "" ? props.logo : undefined,
    categories,
    community: props.community === true,
  };
}

/** Every category used by the libraries, by label, with how many libraries carry it. */
export function categoryOptions(libraries: Library[]): CategoryOption[] {
  const bySlug = new Map<string, CategoryOption>();
  for (const library of libraries) {
    for (const label of library.categories) {
      const slug = categorySlug(label);
      const option = bySlug.get(slug) ?? { slug, label, count: 0 };
      option.count += 1;
      bySlug.set(slug, option);
    }
  }
  return [...bySlug.values()].sort((a, b) => a.label.localeCompare(b.label));
}

export function matchesFilters(library: Library, filters: LibraryFilters): boolean {
  if (filters.support === "community" && !library.community) return false;
  if (filters.support === "dagster" && library.community) return false;
  if (filters.category === null) return true;
  return library.categories.some((label) => categorySlug(label) === filters.category);
}

export function parseFilters(search: string): LibraryFilters {
  const params = new URLSearchParams(search);
  const category = params.get("category");
  const support = params.get("support");
  return {
    category: category ? categorySlug(category) || null : null,
    support: support === "dagster" || support === "community" ? support : "all",
  };
}

/** The query string of a filtered view: "" when nothing is filtered. */
export function filtersToSearch(filters: LibraryFilters): string {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.support !== "all") params.set("support", filters.support);
  const query = params.toString();
  return query ? `?${query}` : "";
}
