import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Card } from "../../types";
import { click, render, type Rendered } from "../../test/render";
import { Libraries, LIBRARIES_ROUTE } from ".";

const cards: Card[] = [
  { label: "Snowflake", href: "/integrations/libraries/snowflake", description: "Warehouse.", customProps: { logo: "/s.svg", categories: ["Storage"] } },
  { label: "dbt", href: "/integrations/libraries/dbt", description: "Transform.", customProps: { categories: ["ETL"] } },
  { label: "Meltano", href: "/integrations/libraries/meltano", description: "Ingest.", customProps: { categories: ["ETL"], community: true } },
];

let view: Rendered | null = null;
beforeEach(() => history.replaceState(null, "", LIBRARIES_ROUTE));
afterEach(() => {
  view?.unmount();
  view = null;
});

function show(search = ""): HTMLElement {
  view = render(<Libraries cards={cards} route={LIBRARIES_ROUTE} search={search} />);
  return view.container;
}

const names = (c: HTMLElement) => Array.from(c.querySelectorAll(".library-card__name"), (el) => el.textContent);
const chip = (c: HTMLElement, label: string) =>
  Array.from(c.querySelectorAll<HTMLButtonElement>(".libraries__chips .chip")).find((b) => b.textContent?.startsWith(label)) ?? null;
const support = (c: HTMLElement, label: string) =>
  Array.from(c.querySelectorAll<HTMLButtonElement>(".segmented__option")).find((b) => b.textContent === label) ?? null;

describe("Libraries gallery", () => {
  it("draws each card with its logo, categories and community mark", () => {
    const c = show();
    expect(names(c)).toEqual(["Snowflake", "dbt", "Meltano"]);
    expect(c.querySelector('a[href="/integrations/libraries/snowflake"] img')?.getAttribute("src")).toBe("/s.svg");
    expect(c.querySelector('a[href="/integrations/libraries/meltano"] .community-mark')).not.toBeNull();
    expect(c.querySelector('a[href="/integrations/libraries/dbt"] .community-mark')).toBeNull();
    expect(c.querySelector('a[href="/integrations/libraries/dbt"] .chip')?.textContent).toBe("ETL");
  });

  it("filters by category and writes the filter to the URL", () => {
    const c = show();
    click(chip(c, "ETL"));
    expect(names(c)).toEqual(["dbt", "Meltano"]);
    expect(location.search).toBe("?category=etl");
    expect(chip(c, "ETL")?.getAttribute("aria-pressed")).toBe("true");
  });

  it("filters by support, combined with the category", () => {
    const c = show("?category=etl");
    click(support(c, "Community"));
    expect(names(c)).toEqual(["Meltano"]);
    expect(location.search).toBe("?category=etl&support=community");
    click(support(c, "Dagster-supported"));
    expect(names(c)).toEqual(["dbt"]);
    expect(location.search).toBe("?category=etl&support=dagster");
  });

  it("starts from a shared URL's query and clears back to no query", () => {
    const c = show("?category=storage&support=community");
    expect(names(c)).toEqual([]);
    expect(c.querySelector(".libraries__empty")?.textContent).toContain("No library matches");
    click(c.querySelector(".libraries__empty button"));
    expect(names(c)).toEqual(["Snowflake", "dbt", "Meltano"]);
    expect(location.search).toBe("");
  });

  it("follows a new query from a navigation", () => {
    const c = show("");
    view?.rerender(<Libraries cards={cards} route={LIBRARIES_ROUTE} search="?support=community" />);
    expect(names(c)).toEqual(["Meltano"]);
  });
});
