// Interactive tabs over the engine's markup (docs/ARCHITECTURE.md, "tabs").
// The engine marks the first panel selected; the app moves the selection
// by toggling aria-selected on tabs and data-selected on panels, and keeps
// groups with the same data-group-id on one value, remembered per group.

import { readItem, writeItem, type StorageLike } from "./storage";

export function tabStorageKey(groupId: string): string {
  return `docsite-tabs:${groupId}`;
}

/** The tab buttons of one tab set, without those of tab sets nested in its panels. */
export function tabButtons(tabs: Element): HTMLElement[] {
  const list = Array.from(tabs.children).find((el) => el.classList.contains("tabs__list"));
  return list ? Array.from(list.querySelectorAll<HTMLElement>(".tabs__tab")) : [];
}

function tabPanels(tabs: Element): HTMLElement[] {
  return Array.from(tabs.children).filter((el): el is HTMLElement =>
    el.classList.contains("tabs__panel"),
  );
}

/** Shows the panel with `value`; false (and no change) when the set has no such tab. */
export function selectTab(tabs: Element, value: string): boolean {
  const buttons = tabButtons(tabs);
  if (!buttons.some((button) => button.dataset.value === value)) return false;
  for (const button of buttons) {
    const selected = button.dataset.value === value;
    button.setAttribute("aria-selected", String(selected));
    button.tabIndex = selected ? 0 : -1;
  }
  for (const panel of tabPanels(tabs)) {
    panel.setAttribute("data-selected", String(panel.dataset.value === value));
  }
  return true;
}

/** The value a tab set shows now. */
export function selectedValue(tabs: Element): string | undefined {
  const buttons = tabButtons(tabs);
  const selected = buttons.find((b) => b.getAttribute("aria-selected") === "true") ?? buttons[0];
  return selected?.dataset.value;
}

/**
 * Wires up ARIA ids and the roving tabindex of every tab set under `root`,
 * and applies each group's remembered choice.
 */
export function prepareTabs(root: ParentNode, storage: StorageLike | null, idPrefix: string): void {
  root.querySelectorAll(".tabs").forEach((tabs, setIndex) => {
    const panels = tabPanels(tabs);
    tabButtons(tabs).forEach((button, index) => {
      const panel = panels.find((p) => p.dataset.value === button.dataset.value);
      button.id ||= `${idPrefix}-${setIndex}-tab-${index}`;
      if (!panel) return;
      panel.id ||= `${idPrefix}-${setIndex}-panel-${index}`;
      panel.tabIndex = 0;
      button.setAttribute("aria-controls", panel.id);
      panel.setAttribute("aria-labelledby", button.id);
    });
    const groupId = (tabs as HTMLElement).dataset.groupId;
    const remembered = groupId ? readItem(storage, tabStorageKey(groupId)) : null;
    if (remembered && selectTab(tabs, remembered)) return;
    const current = selectedValue(tabs);
    if (current !== undefined) selectTab(tabs, current);
  });
}

/**
 * Selects a tab the reader chose, in its own set and, for a grouped set,
 * in every set of the group on the page; remembers the group's choice.
 */
export function chooseTab(button: HTMLElement, root: ParentNode, storage: StorageLike | null): void {
  const tabs = button.closest<HTMLElement>(".tabs");
  const value = button.dataset.value;
  if (!tabs || value === undefined) return;
  selectTab(tabs, value);
  const groupId = tabs.dataset.groupId;
  if (!groupId) return;
  root.querySelectorAll<HTMLElement>(".tabs[data-group-id]").forEach((other) => {
    if (other !== tabs && other.dataset.groupId === groupId) selectTab(other, value);
  });
  writeItem(storage, tabStorageKey(groupId), value);
}

/**
 * The index the arrow keys (wrapping), Home or End move to in a list of
 * `count` items laid out `horizontal`ly (a tab list: Left/Right) or
 * vertically (a menu: Up/Down); null for other keys.
 */
export function keyTarget(
  key: string,
  index: number,
  count: number,
  orientation: "horizontal" | "vertical" = "horizontal",
): number | null {
  const [previous, next] = orientation === "horizontal" ? ["ArrowLeft", "ArrowRight"] : ["ArrowUp", "ArrowDown"];
  if (count === 0) return null;
  switch (key) {
    case next:
      return (index + 1) % count;
    case previous:
      return (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
