import { describe, expect, it } from "vitest";
import { internalTarget } from "./links";
import { hrefRoute, isSameRoute, normalizeRoute, pageJsonUrl } from "./routes";

const ORIGIN = "https://docs.example.com";

describe("internal links the app follows", () => {
  it.each([
    ["/guides/build", { route: "/guides/build", search: "", hash: "" }],
    ["/guides/build/#assets", { route: "/guides/build", search: "", hash: "#assets" }],
    ["/integrations/libraries?category=etl", { route: "/integrations/libraries", search: "?category=etl", hash: "" }],
    ["/api/dagster/assets", { route: "/api/dagster/assets", search: "", hash: "" }],
    ["#section", { route: "/", search: "", hash: "#section" }],
    [`${ORIGIN}/`, { route: "/", search: "", hash: "" }],
    ["/api/dagster.asset", null],
    ["/_site/pages/index.json", null],
    ["/assets/index-abc.js", null],
    ["/images/logo.svg", null],
    ["https://github.com/dagster-io/dagster", null],
    ["mailto:docs@example.com", null],
  ])("%s", (href, expected) => {
    expect(internalTarget(href, ORIGIN)).toEqual(expected);
  });
});

describe("routes", () => {
  it.each([
    ["/", "/_site/pages/index.json"],
    ["/guides/build", "/_site/pages/guides/build.json"],
    ["/guides/build/", "/_site/pages/guides/build.json"],
    ["/api", "/_site/pages/api.json"],
  ])("%s -> %s", (route, url) => expect(pageJsonUrl(route)).toBe(url));

  it("normalizes and compares routes", () => {
    expect(normalizeRoute("")).toBe("/");
    expect(normalizeRoute("/a/b//")).toBe("/a/b");
    expect(hrefRoute("/a/b/?x=1#c")).toBe("/a/b");
    expect(hrefRoute("https://example.com/a")).toBeNull();
    expect(hrefRoute("//example.com/a")).toBeNull();
    expect(isSameRoute("/a/", "/a")).toBe(true);
    expect(isSameRoute("/a#x", "/a")).toBe(true);
    expect(isSameRoute("/a/b", "/a")).toBe(false);
  });
});
