import { describe, expect, it } from "vitest";
import type { PageData, SiteData, VersionEntry } from "../types";
import { hrefIn, inThisVersion, lastVersion, termsBase, urlInVersion, versionOf } from "./versions";

const versions: VersionEntry[] = [
  { version: "current", label: "Next", href: "/docs/next", base: "/docs/next", isLast: false },
  { version: "2.0", label: "2.0", href: "/docs", base: "/docs", isLast: true },
  { version: "1.0", label: "1.0", href: "/docs/1.0", base: "/docs/1.0", isLast: false, noIndex: true },
];

function site(version: string, isLast: boolean): SiteData {
  return {
    version: { version, isLast, label: version, pluginId: "default", banner: null, badge: true, noIndex: false, className: "" },
    versionMenu: { versions, external: [] },
  } as unknown as SiteData;
}

describe("versions", () => {
  it("finds a route's version by the longest base it starts with", () => {
    const s = site("2.0", true);
    expect(versionOf("/docs/next/guides/intro", s)?.version).toBe("current");
    expect(versionOf("/docs/next", s)?.version).toBe("current");
    expect(versionOf("/docs/nextish", s)?.version).toBe("2.0");
    expect(versionOf("/docs/1.0/a", s)?.version).toBe("1.0");
    expect(versionOf("/docs", s)?.version).toBe("2.0");
    expect(versionOf("/blog", s)).toBeUndefined();
  });

  it("keeps the app inside the version it reads", () => {
    const s = site("current", false);
    expect(inThisVersion("/docs/next/a", s)).toBe(true);
    expect(inThisVersion("/docs/a", s)).toBe(false);
    expect(inThisVersion("/elsewhere", s)).toBe(true);
    expect(inThisVersion("/anything", { version: s.version } as SiteData)).toBe(true);
  });

  it("leads to the same page in another version, else to that version's first page", () => {
    const s = site("current", false);
    const page = { route: "/docs/next/a", versions: { "2.0": "/docs/a" } } as unknown as PageData;
    expect(hrefIn(versions[1], s, page)).toBe("/docs/a");
    expect(hrefIn(versions[2], s, page)).toBe("/docs/1.0");
    expect(hrefIn(versions[0], s, page)).toBe("/docs/next/a");
    expect(lastVersion(s)?.version).toBe("2.0");
    expect(lastVersion(site("2.0", true))).toBeUndefined();
  });

  it("keeps each version's word list in a folder of its own", () => {
    expect(termsBase(versions[1])).toBe("/_site/");
    expect(termsBase(versions[0])).toBe("/_site/versions/current/");
  });

  it("leads a result of the shared index into the version searched", () => {
    const s = site("2.0", true);
    expect(urlInVersion("/docs/guides/intro#setup", s, versions[0])).toBe("/docs/next/guides/intro#setup");
    expect(urlInVersion("/docs/next/guides/intro", s, versions[0])).toBe("/docs/next/guides/intro");
    expect(urlInVersion("/docs/next", s, versions[2])).toBe("/docs/1.0");
    expect(urlInVersion("/docs/1.0#top", s, versions[1])).toBe("/docs#top");
    const atRoot = { ...versions[1], base: "/" };
    const rooted = { ...s, versionMenu: { versions: [versions[0], atRoot], external: [] } } as SiteData;
    expect(urlInVersion("/docs/next/a#b", rooted, atRoot)).toBe("/a#b");
    expect(urlInVersion("/docs/next", rooted, atRoot)).toBe("/");
    expect(urlInVersion("/a", rooted, versions[0])).toBe("/docs/next/a");
    expect(urlInVersion("/", rooted, versions[0])).toBe("/docs/next");
  });
});
