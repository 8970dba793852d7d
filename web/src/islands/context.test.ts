import { describe, expect, it } from "vitest";
import { pageRoute, setSiteContext, siteContext, wasRouteRead } from "./context";

const context = { title: "T", tagline: "", url: "https://x.io", baseUrl: "/", customFields: {}, route: "/a/b" };

describe("the page's route in a render", () => {
  it("is noted as read only when a render asks for it, until the next context", () => {
    setSiteContext(context);
    expect(siteContext().title).toBe("T");
    expect(wasRouteRead()).toBe(false);
    expect(pageRoute()).toBe("/a/b");
    expect(wasRouteRead()).toBe(true);
    setSiteContext({ ...context, route: "/next/a/b" });
    expect(wasRouteRead()).toBe(false);
  });
});
