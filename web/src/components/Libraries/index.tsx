// The integrations libraries gallery: the category's cards with their
// logos, filterable by category and by who supports them. The filters
// live in the URL query (replaceState, no new history entries) so that a
// filtered view can be shared.

import { useMemo, useState } from "react";
import type { Card } from "../../types";
import {
  categoryOptions,
  filtersToSearch,
  matchesFilters,
  NO_FILTERS,
  parseFilters,
  toLibrary,
  type Library,
  type LibraryFilters,
  type Support,
} from "../../support/libraries";
import { appId } from "../../support/appIds";
import "./Libraries.css";

export const LIBRARIES_ROUTE = "/integrations/libraries";

const SUPPORT_OPTIONS: { value: Support; label: string }[] = [
  { value: "all", label: "All" },
  { value: "dagster", label: "Dagster-supported" },
  { value: "community", label: "Community" },
];

function LibraryCard({ library }: { library: Library }) {
  const { card, logo, categories, community } = library;
  return (
    <li className="library-card">
      <a className="library-card__link" href={card.href}>
        <span className="library-card__head">
          {logo ? (
            <img className="library-card__logo" src={logo} alt="" width={40} height={40} loading="lazy" />
          ) : (
            <span className="library-card__logo library-card__logo--initial" aria-hidden="true">
              {card.label.charAt(0)}
            </span>
          )}
          <span className="library-card__name">{card.label}</span>
          {community && <span className="community-mark">Community</span>}
        </span>
        {card.description && <span className="library-card__description">{card.description}</span>}
        {categories.length > 0 && (
          <span className="library-card__categories">
            {categories.map((category) => (
              <span key={category} className="chip chip--static">
                {category}
              </span>
            ))}
          </span>
        )}
      </a>
    </li>
  );
}

interface LibrariesProps {
  cards: Card[];
  route: string;
  search: string;
}

export function Libraries({ cards, route, search }: LibrariesProps) {
  const libraries = useMemo(() => cards.map(toLibrary), [cards]);
  const categories = useMemo(() => categoryOptions(libraries), [libraries]);
  const [filters, setFilters] = useState<LibraryFilters>(() => parseFilters(search));

  // A navigation to this page with another query (a shared link) resets the filters.
  const [seenSearch, setSeenSearch] = useState(search);
  if (search !== seenSearch) {
    setSeenSearch(search);
    setFilters(parseFilters(search));
  }

  function update(change: Partial<LibraryFilters>) {
    const next = { ...filters, ...change };
    setFilters(next);
    history.replaceState(history.state, "", route + filtersToSearch(next) + location.hash);
  }

  const shown = libraries.filter((library) => matchesFilters(library, filters));
  const filtered = filters.category !== null || filters.support !== "all";

  return (
    <section className="libraries" aria-labelledby={appId("libraries-heading")}>
      {/* The page content introduces the gallery; the heading names the section for assistive technology. */}
      <h2 id={appId("libraries-heading")} className="visually-hidden">
        Browse libraries
      </h2>
      <div className="libraries__filters">
        <div className="libraries__group" role="group" aria-labelledby={appId("libraries-category")}>
          <span id={appId("libraries-category")} className="libraries__legend">
            Category
          </span>
          <div className="libraries__chips">
            <button
              type="button"
              className="chip"
              aria-pressed={filters.category === null}
              onClick={() => update({ category: null })}
            >
              All
            </button>
            {categories.map((option) => (
              <button
                key={option.slug}
                type="button"
                className="chip"
                aria-pressed={filters.category === option.slug}
                onClick={() => update({ category: option.slug })}
              >
                {option.label}
                <span className="chip__count">{option.count}</span>
              </button>
            ))}
          </div>
        </div>
        <div className="libraries__group" role="group" aria-labelledby={appId("libraries-support")}>
          <span id={appId("libraries-support")} className="libraries__legend">
            Support
          </span>
          <div className="segmented">
            {SUPPORT_OPTIONS.map((option) => (
              <button
                key={option.value}
                type="button"
                className="segmented__option"
                aria-pressed={filters.support === option.value}
                onClick={() => update({ support: option.value })}
              >
                {option.label}
              </button>
            ))}
          </div>
        </div>
      </div>
      <p className="libraries__count" aria-live="polite">
        {shown.length === libraries.length
          ? `${libraries.length} libraries`
          : `${shown.length} of ${libraries.length} libraries`}
      </p>
      {shown.length > 0 ? (
        <ul className="libraries__grid">
          {shown.map((library) => (
            <LibraryCard key={library.card.href} library={library} />
          ))}
        </ul>
      ) : (
        <div className="libraries__empty">
          <p>No library matches these filters.</p>
          {filtered && (
            <button type="button" className="button" onClick={() => update(NO_FILTERS)}>
              Clear filters
            </button>
          )}
        </div>
      )}
    </section>
  );
}
