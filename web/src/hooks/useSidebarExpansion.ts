// Which sidebar categories are open. The reader's choices persist while
// navigating (in memory and in sessionStorage, so a reload keeps them);
// each navigation opens the categories holding the new page.

import { useCallback, useEffect, useState } from "react";
import type { SidebarItem } from "../types";
import { activeTrail, openTrail, type ExpansionOverrides } from "../support/sidebar";
import { browserStorage, readItem, writeItem } from "../support/storage";

const STORAGE_KEY = "docsite-sidebar";

function readOverrides(): ExpansionOverrides {
  try {
    const stored = JSON.parse(readItem(browserStorage("sessionStorage"), STORAGE_KEY) ?? "{}");
    return stored && typeof stored === "object" ? (stored as ExpansionOverrides) : {};
  } catch {
    return {};
  }
}

export function useSidebarExpansion(name: string, items: SidebarItem[], route: string) {
  const [state, setState] = useState(() => ({
    route,
    name,
    overrides: openTrail(readOverrides(), activeTrail(items, route, name)),
  }));

  // A new page (or sidebar) opens its trail before the render that shows it.
  let overrides = state.overrides;
  if (state.route !== route || state.name !== name) {
    overrides = openTrail(state.overrides, activeTrail(items, route, name));
    setState({ route, name, overrides });
  }

  useEffect(() => {
    writeItem(browserStorage("sessionStorage"), STORAGE_KEY, JSON.stringify(state.overrides));
  }, [state.overrides]);

  const setExpanded = useCallback((key: string, expanded: boolean) => {
    setState((s) => ({ ...s, overrides: { ...s.overrides, [key]: expanded } }));
  }, []);

  return { overrides, setExpanded };
}
