import { describe, expect, it } from "vitest";
import { cx, documentTitle, formatDate } from "./format";
import { codeText } from "./code";

describe("format", () => {
  it("formats dates in UTC, rejects what is not a date", () => {
    expect(formatDate("2025-02-03")).toBe("February 3, 2025");
    expect(formatDate("2024-12-31T23:30:00Z")).toBe("December 31, 2024");
    expect(formatDate("last week")).toBeNull();
  });

  it("titles documents <page> | <site>", () => {
    expect(documentTitle("Quickstart", "Dagster Docs")).toBe("Quickstart | Dagster Docs");
    expect(documentTitle("Dagster Docs", "Dagster Docs")).toBe("Dagster Docs");
  });

  it("joins class names", () => {
    expect(cx("a", false, null, "b", undefined)).toBe("a b");
  });
});

describe("code text for the copy button", () => {
  it.each([
    ["bare lines", "a\n  b"],
    ["a highlighted line among bare ones", 'a\n<span class="line line--highlighted">  b</span>'],
    ["numbered lines", '<span class="line">a</span>\n<span class="line">  b</span>\n'],
  ])("%s", (_name, inner) => {
    const pre = document.createElement("pre");
    pre.innerHTML = `<code>${inner}</code>`;
    expect(codeText(pre)).toBe("a\n  b");
  });

  it("keeps token spans' text and empty lines", () => {
    const pre = document.createElement("pre");
    pre.innerHTML = '<code><span class="hl-k">import</span> dagster\n\n<span class="line line--highlighted">x</span></code>';
    expect(codeText(pre)).toBe("import dagster\n\nx");
  });
});
