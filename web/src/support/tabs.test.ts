import { beforeEach, describe, expect, it } from "vitest";
import { chooseTab, keyTarget, prepareTabs, selectedValue, tabStorageKey } from "./tabs";

// The engine's markup for a tab set (docs/ARCHITECTURE.md).
function tabSet(groupId: string | null, values: string[], selected = values[0]): string {
  const group = groupId ? ` data-group-id="${groupId}"` : "";
  const buttons = values
    .map((v) => `<button type="button" role="tab" class="tabs__tab" data-value="${v}" aria-selected="${v === selected}">${v}</button>`)
    .join("");
  const panels = values
    .map((v) => `<div class="tabs__panel" role="tabpanel" data-value="${v}" data-label="${v}" data-selected="${v === selected}">${v} panel</div>`)
    .join("");
  return `<div class="tabs"${group}><div class="tabs__list" role="tablist">${buttons}</div>${panels}</div>`;
}

function mount(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return document.getElementById("root")!;
}

function shown(tabs: Element): string[] {
  return Array.from(tabs.querySelectorAll(':scope > .tabs__panel[data-selected="true"]'), (p) => p.getAttribute("data-value") ?? "");
}

function button(tabs: Element, value: string): HTMLElement {
  return tabs.querySelector<HTMLElement>(`.tabs__tab[data-value="${value}"]`)!;
}

beforeEach(() => localStorage.clear());

describe("tabs", () => {
  it("choosing a tab shows its panel only and updates aria-selected and tabindex", () => {
    const root = mount(tabSet(null, ["uv", "pip"]));
    const tabs = root.querySelector(".tabs")!;
    prepareTabs(root, localStorage, "t");
    chooseTab(button(tabs, "pip"), root, localStorage);
    expect(shown(tabs)).toEqual(["pip"]);
    expect(button(tabs, "pip").getAttribute("aria-selected")).toBe("true");
    expect(button(tabs, "uv").getAttribute("aria-selected")).toBe("false");
    expect(button(tabs, "pip").tabIndex).toBe(0);
    expect(button(tabs, "uv").tabIndex).toBe(-1);
  });

  it("a group id syncs every tab set of the group on the page, and only those", () => {
    const root = mount(tabSet("pm", ["uv", "pip"]) + tabSet("pm", ["uv", "pip"]) + tabSet("os", ["uv", "pip"]) + tabSet(null, ["uv", "pip"]));
    const [first, second, other, ungrouped] = Array.from(root.querySelectorAll(".tabs"));
    prepareTabs(root, localStorage, "t");
    chooseTab(button(first, "pip"), root, localStorage);
    expect(shown(first)).toEqual(["pip"]);
    expect(shown(second)).toEqual(["pip"]);
    expect(shown(other)).toEqual(["uv"]);
    expect(shown(ungrouped)).toEqual(["uv"]);
  });

  it("a set of the group without the chosen value keeps its selection", () => {
    const root = mount(tabSet("pm", ["uv", "pip"]) + tabSet("pm", ["uv", "poetry"]));
    const [first, second] = Array.from(root.querySelectorAll(".tabs"));
    chooseTab(button(first, "pip"), root, localStorage);
    expect(shown(second)).toEqual(["uv"]);
  });

  it("remembers a group's choice in localStorage and applies it on the next page", () => {
    const root = mount(tabSet("pm", ["uv", "pip"]));
    chooseTab(button(root.querySelector(".tabs")!, "pip"), root, localStorage);
    expect(localStorage.getItem(tabStorageKey("pm"))).toBe("pip");

    const next = mount(tabSet("pm", ["uv", "pip"]) + tabSet(null, ["uv", "pip"]));
    prepareTabs(next, localStorage, "t");
    const [grouped, ungrouped] = Array.from(next.querySelectorAll(".tabs"));
    expect(shown(grouped)).toEqual(["pip"]);
    expect(shown(ungrouped)).toEqual(["uv"]);
  });

  it("ignores a remembered value the set does not have", () => {
    localStorage.setItem(tabStorageKey("pm"), "conda");
    const root = mount(tabSet("pm", ["uv", "pip"]));
    prepareTabs(root, localStorage, "t");
    expect(selectedValue(root.querySelector(".tabs")!)).toBe("uv");
  });

  it("links tabs and panels for assistive technology", () => {
    const root = mount(tabSet(null, ["uv", "pip"]));
    prepareTabs(root, null, "t");
    const tab = root.querySelector(".tabs__tab")!;
    const panel = document.getElementById(tab.getAttribute("aria-controls")!);
    expect(panel?.getAttribute("data-value")).toBe("uv");
    expect(panel?.getAttribute("aria-labelledby")).toBe(tab.id);
  });

  it("leaves tab sets nested in a panel alone", () => {
    const inner = tabSet(null, ["a", "b"]);
    const root = mount(
      `<div class="tabs"><div class="tabs__list" role="tablist"><button class="tabs__tab" data-value="x" aria-selected="true">x</button><button class="tabs__tab" data-value="y" aria-selected="false">y</button></div><div class="tabs__panel" data-value="x" data-selected="true">${inner}</div><div class="tabs__panel" data-value="y" data-selected="false"></div></div>`,
    );
    const [outer, nested] = Array.from(root.querySelectorAll(".tabs"));
    chooseTab(button(outer, "y"), root, null);
    expect(shown(nested)).toEqual(["a"]);
  });

  it.each([
    ["ArrowRight", 0, 1],
    ["ArrowRight", 2, 0],
    ["ArrowLeft", 0, 2],
    ["Home", 2, 0],
    ["End", 0, 2],
    ["Enter", 1, null],
  ])("key %s from tab %i moves to %s", (key, from, to) => {
    expect(keyTarget(key as string, from as number, 3)).toBe(to);
  });
});
