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
    ["lines without newlines inside", '<span class="line">a</span><span class="line">  b</span>'],
    ["lines separated by newlines", '<span class="line">a</span>\n<span class="line">  b</span>'],
    ["lines ending in newlines", '<span class="line">a\n</span><span class="line">  b\n</span>'],
  ])("%s", (_name, inner) => {
    const pre = document.createElement("pre");
    pre.innerHTML = `<code>${inner}</code>`;
    expect(codeText(pre)).toBe("a\n  b");
  });

  it("keeps token spans' text and empty lines", () => {
    const pre = document.createElement("pre");
    pre.innerHTML = '<code><span class="line"><span class="hl-k">import</span> dagster</span><span class="line"></span><span class="line">x</span></code>';
    expect(codeText(pre)).toBe("import dagster\n\nx");
  });
});
