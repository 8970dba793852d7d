import { describe, expect, it } from "vitest";
import { routeUrl } from "./routes";
import { initialView } from "../App";
import { makePage, makeSite } from "../test/fixtures";

// The same cases as `route_url` in crates/core/src/url.rs: the engine writes every link this way.
const CASES: [string, string][] = [
  ["/guides/plain-route", "/guides/plain-route"],
  ["/guides/q?x", "/guides/q%3Fx"],
  ["/guides/h#x", "/guides/h%23x"],
  ["/a b/(x)/é", "/a%20b/%28x%29/%C3%A9"],
  ["/50%/[y]", "/50%25/%5By%5D"],
  ['/a"<b>`{c}|^\\', "/a%22%3Cb%3E%60%7Bc%7D%7C%5E%5C"],
  ["/keep-._~!$&'*+,;=:@", "/keep-._~!$&'*+,;=:@"],
];

describe("routeUrl", () => {
  it("encodes a route as the engine does", () => {
    for (const [route, url] of CASES) expect(routeUrl(route), route).toBe(url);
  });

  it("gives the inlined page the URL its links use", () => {
    const page = makePage({ route: "/guides/q?x" });
    const view = initialView({ site: makeSite(), page, sidebarItems: null }, "", "/guides/q%3Fx");
    expect(view.kind === "page" && view.page.route).toBe("/guides/q%3Fx");
  });
});
