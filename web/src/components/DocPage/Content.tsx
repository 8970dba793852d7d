// The page's content HTML, rendered once by the engine. React places it;
// an effect then wires up what is interactive: copy buttons on code
// blocks and tabs. Links inside it are followed by the app's global click
// handler (hooks/useNavigation.ts).

import { useEffect, useId, useRef } from "react";
import { codeText, copyText } from "../../support/code";
import { chooseTab, keyTarget, prepareTabs, tabButtons } from "../../support/tabs";
import { browserStorage } from "../../support/storage";
import { CONTENT_ID } from "../../support/appIds";

const COPY_LABEL = "Copy code to clipboard";
const COPIED_LABEL = "Copied";

/**
 * Code, wide tables and wide diagrams scroll sideways; keyboard users need to
 * be able to focus them to scroll them (WCAG 2.1.1).
 */
function makeScrollersFocusable(root: HTMLElement): void {
  root.querySelectorAll<HTMLElement>("pre").forEach((pre) => {
    if (!pre.hasAttribute("tabindex")) pre.tabIndex = 0;
  });
  root.querySelectorAll<HTMLElement>("table, .diagram").forEach((el) => {
    if (el.scrollWidth > el.clientWidth && !el.hasAttribute("tabindex")) el.tabIndex = 0;
  });
}

/** Wraps each <pre> with a copy button; safe to run twice on the same DOM. */
function addCopyButtons(root: HTMLElement): void {
  root.querySelectorAll<HTMLElement>(".code-block").forEach((block) => {
    const pre = Array.from(block.children).find((el) => el.tagName === "PRE");
    // Inside a site component the DOM is React's: changing it would break hydration.
    if (!pre || block.closest("[data-island]") || block.querySelector(".code-block__copy")) return;
    const body = document.createElement("div");
    body.className = "code-block__body";
    pre.replaceWith(body);
    body.append(pre);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "code-block__copy";
    button.textContent = "Copy";
    button.setAttribute("aria-label", COPY_LABEL);
    body.append(button);
  });
}

async function onCopy(button: HTMLElement): Promise<void> {
  const pre = button.parentElement?.querySelector("pre");
  if (!pre || !(await copyText(codeText(pre)))) return;
  button.textContent = COPIED_LABEL;
  button.setAttribute("aria-label", COPIED_LABEL);
  button.classList.add("code-block__copy--done");
  window.setTimeout(() => {
    button.textContent = "Copy";
    button.setAttribute("aria-label", COPY_LABEL);
    button.classList.remove("code-block__copy--done");
  }, 2000);
}

/**
 * Selecting a tab may change the height of synced tab sets above it; keep
 * the clicked tab where it was on screen so the page does not jump.
 */
function onTab(button: HTMLElement): void {
  const before = button.getBoundingClientRect().top;
  chooseTab(button, document, browserStorage("localStorage"));
  const after = button.getBoundingClientRect().top;
  if (after !== before) window.scrollBy(0, after - before);
}

function onTabKey(event: KeyboardEvent, button: HTMLElement): void {
  const tabs = button.closest(".tabs");
  if (!tabs) return;
  const buttons = tabButtons(tabs);
  const index = keyTarget(event.key, buttons.indexOf(button), buttons.length);
  if (index === null) return;
  event.preventDefault();
  buttons[index].focus();
  onTab(buttons[index]);
}

/**
 * Site components (islands) are React's own: hydrated by a loader that only
 * pages with one download.
 */
function startIslands(root: HTMLElement): () => void {
  if (!root.querySelector("[data-island]")) return () => {};
  let stop: (() => void) | null = null;
  let cancelled = false;
  void import("../../islands/loader").then(({ hydrateIslands }) => {
    if (!cancelled) stop = hydrateIslands(root);
  });
  return () => {
    cancelled = true;
    stop?.();
  };
}

export function Content({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const idPrefix = useId().replace(/[^a-zA-Z0-9_-]/g, "");

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    addCopyButtons(root);
    makeScrollersFocusable(root);
    prepareTabs(root, browserStorage("localStorage"), `${idPrefix}-tabs`);

    function onClick(event: MouseEvent) {
      const target = event.target as Element;
      if (target.closest("[data-island]")) return;
      const tab = target.closest<HTMLElement>(".tabs__tab");
      if (tab) return onTab(tab);
      const copy = target.closest<HTMLElement>(".code-block__copy");
      if (copy) void onCopy(copy);
    }
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target as Element;
      const tab = target.closest("[data-island]") ? null : target.closest<HTMLElement>(".tabs__tab");
      if (tab) onTabKey(event, tab);
    }
    root.addEventListener("click", onClick);
    root.addEventListener("keydown", onKeyDown);
    const unmountIslands = startIslands(root);
    return () => {
      root.removeEventListener("click", onClick);
      root.removeEventListener("keydown", onKeyDown);
      unmountIslands();
    };
  }, [html, idPrefix]);

  return (
    <div className="markdown" id={CONTENT_ID} ref={ref} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
