// Builders for the dev fixture's content HTML. They emit exactly the
// markup of docs/ARCHITECTURE.md ("Content HTML conventions"), so the dev
// server exercises the same CSS and wiring as the engine's output.

import type { TocItem } from "../src/types";

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function heading(level: 2 | 3 | 4, id: string, text: string): string {
  return `<h${level} id="${id}">${escapeHtml(text)}<a class="hash-link" href="#${id}" aria-label="Direct link to ${escapeHtml(text)}">#</a></h${level}>`;
}

/** The TOC of a content HTML string: its h2 and h3 headings, in order. */
export function tocOf(html: string): TocItem[] {
  const toc: TocItem[] = [];
  for (const match of html.matchAll(/<h([23]) id="([^"]+)">([^<]*)</g)) {
    toc.push({ level: Number(match[1]), id: match[2], text: match[3].replace(/&amp;/g, "&") });
  }
  return toc;
}

// A tiny highlighter, enough for the fixture's Python, shell and YAML. The
// engine highlights with syntect; only the hl-* class names matter here.
const PYTHON = /(#.*$)|("""[^]*?"""|"[^"]*"|'[^']*')|(@[\w.]+)|\b(import|from|def|return|with|as|for|in|if|else|class|None|True|False)\b|\b(\d+)\b|\b([A-Za-z_]\w*)(?=\()/g;
const SHELL = /(#.*$)|("[^"]*")|^(\w[\w-]*)/g;
const YAML = /(#.*$)|^(\s*[\w-]+)(?=:)|("[^"]*")/g;

function highlightLine(line: string, language: string): string {
  const rules = language === "python" ? PYTHON : language === "shell" ? SHELL : language === "yaml" ? YAML : null;
  if (!rules) return escapeHtml(line);
  let out = "";
  let last = 0;
  for (const match of line.matchAll(rules)) {
    const index = match.index ?? 0;
    out += escapeHtml(line.slice(last, index));
    const groups = match.slice(1);
    const kind =
      language === "python"
        ? ["comment", "string", "attribute", "keyword", "number", "function"][groups.findIndex(Boolean)]
        : language === "shell"
          ? ["comment", "string", "function"][groups.findIndex(Boolean)]
          : ["comment", "property", "string"][groups.findIndex(Boolean)];
    out += `<span class="hl-${kind}">${escapeHtml(match[0])}</span>`;
    last = index + match[0].length;
  }
  return out + escapeHtml(line.slice(last));
}

interface CodeOptions {
  title?: string;
  highlight?: number[];
  numbered?: boolean;
  source?: string;
}

export function codeBlock(language: string, code: string, options: CodeOptions = {}): string {
  const lines = code.replace(/^\n|\n$/g, "").split("\n");
  const body = lines
    .map((line, index) => {
      const highlighted = options.highlight?.includes(index + 1) ? " line--highlighted" : "";
      return `<span class="line${highlighted}">${highlightLine(line, language)}</span>`;
    })
    .join("\n");
  const title = options.title ? `<div class="code-block__title">${escapeHtml(options.title)}</div>` : "";
  const numbered = options.numbered ? " code--numbered" : "";
  const source = options.source
    ? `<a class="code-block__source" href="${options.source}" rel="noopener noreferrer">View the full example on GitHub</a>`
    : "";
  return `<div class="code-block" data-language="${language}">${title}<pre class="code${numbered}"><code>${body}</code></pre>${source}</div>`;
}

export type AdmonitionKind = "note" | "tip" | "info" | "warning" | "danger";

export function admonition(kind: AdmonitionKind, body: string, title?: string): string {
  const label = title ?? kind.charAt(0).toUpperCase() + kind.slice(1);
  return `<div class="admonition admonition--${kind}" role="note"><p class="admonition__title">${escapeHtml(label)}</p><div class="admonition__body">${body}</div></div>`;
}

export function tabs(groupId: string | null, items: { value: string; label: string; body: string }[]): string {
  const group = groupId ? ` data-group-id="${groupId}"` : "";
  const buttons = items
    .map(
      (item, index) =>
        `<button type="button" role="tab" class="tabs__tab" data-value="${item.value}" aria-selected="${index === 0}">${escapeHtml(item.label)}</button>`,
    )
    .join("");
  const panels = items
    .map(
      (item, index) =>
        `<div class="tabs__panel" role="tabpanel" data-value="${item.value}" data-label="${escapeHtml(item.label)}" data-selected="${index === 0}">${item.body}</div>`,
    )
    .join("");
  return `<div class="tabs"${group}><div class="tabs__list" role="tablist">${buttons}</div>${panels}</div>`;
}

export function cardList(cards: { title: string; href: string; description: string }[]): string {
  const items = cards
    .map(
      (card) =>
        `<li class="card"><a class="card__link" href="${card.href}"><span class="card__title">${escapeHtml(card.title)}</span><span class="card__description">${escapeHtml(card.description)}</span></a></li>`,
    )
    .join("");
  return `<ul class="card-list">${items}</ul>`;
}
