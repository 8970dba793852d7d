import { describe, expect, it } from "vitest";
import type { Card } from "../types";
import {
  categoryOptions,
  categorySlug,
  filtersToSearch,
  matchesFilters,
  parseFilters,
  toLibrary,
  type LibraryFilters,
} from "./libraries";

const card = (label: string, customProps?: Record<string, unknown>): Card => ({
  label,
  href: `/integrations/libraries/${label.toLowerCase()}`,
  description: `${label} integration`,
  customProps,
});

const libraries = [
  card("Snowflake", { logo: "/s.svg", categories: ["Storage"] }),
  card("dbt", { categories: ["ETL"] }),
  card("Fivetran", { categories: ["ETL"] }),
  card("Polars", { categories: ["Compute", "Storage"], community: true }),
  card("Meltano", { categories: ["ETL"], community: true }),
  card("Bare"),
].map(toLibrary);

function names(filters: LibraryFilters): string[] {
  return libraries.filter((l) => matchesFilters(l, filters)).map((l) => l.card.label);
}

describe("library filters", () => {
  it.each<[string, LibraryFilters, string[]]>([
    ["no filter", { category: null, support: "all" }, ["Snowflake", "dbt", "Fivetran", "Polars", "Meltano", "Bare"]],
    ["a category", { category: "etl", support: "all" }, ["dbt", "Fivetran", "Meltano"]],
    ["community only", { category: null, support: "community" }, ["Polars", "Meltano"]],
    ["Dagster-supported only", { category: null, support: "dagster" }, ["Snowflake", "dbt", "Fivetran", "Bare"]],
    ["a category and community", { category: "etl", support: "community" }, ["Meltano"]],
    ["a library in two categories", { category: "storage", support: "all" }, ["Snowflake", "Polars"]],
    ["an unknown category", { category: "quantum", support: "all" }, []],
  ])("%s", (_name, filters, expected) => {
    expect(names(filters)).toEqual(expected);
  });

  it("lists categories sorted, with counts", () => {
    expect(categoryOptions(libraries)).toEqual([
      { slug: "compute", label: "Compute", count: 1 },
      { slug: "etl", label: "ETL", count: 3 },
      { slug: "storage", label: "Storage", count: 2 },
    ]);
  });

  it("reads customProps defensively", () => {
    const odd = toLibrary(card("Odd", { logo: 4, categories: ["AI", 7, ""], community: "true" }));
    expect(odd).toMatchObject({ logo: undefined, categories: ["AI"], community: false });
  });

  it("slugs category labels for URLs", () => {
    expect(categorySlug("Data warehouse")).toBe("data-warehouse");
    expect(categorySlug("ETL")).toBe("etl");
    expect(categorySlug(" AI / ML ")).toBe("ai-ml");
  });
});

describe("filters in the URL query", () => {
  it.each<[LibraryFilters, string]>([
    [{ category: null, support: "all" }, ""],
    [{ category: "etl", support: "all" }, "?category=etl"],
    [{ category: null, support: "community" }, "?support=community"],
    [{ category: "etl", support: "community" }, "?category=etl&support=community"],
    [{ category: "data-warehouse", support: "dagster" }, "?category=data-warehouse&support=dagster"],
  ])("%o <-> %s", (filters, search) => {
    expect(filtersToSearch(filters)).toBe(search);
    expect(parseFilters(search)).toEqual(filters);
  });

  it("ignores unknown values and other parameters", () => {
    expect(parseFilters("?support=everyone&utm_source=x")).toEqual({ category: null, support: "all" });
    expect(parseFilters("?category=Data%20Warehouse")).toEqual({ category: "data-warehouse", support: "all" });
  });
});
