// A card list's cards for the app: the engine writes each card's label and
// description into the content HTML (crates/engine/src/site_files/catalogue.rs,
// cards_html) and gives only their hrefs and custom props in the page data,
// so the gallery reads the rest from the content.

import type { Card, CardProps } from "../types";

const CARD =
  /<a class="card__link" href="([^"]*)">(?:<img [^>]*>)?<span class="card__title">([^<]*)<\/span><span class="card__description">([^<]*)<\/span><\/a>/g;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' };

function unescape(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity]);
}

/** The cards of the content's card lists by href: label and description. */
export function contentCards(html: string): Map<string, { label: string; description: string }> {
  const cards = new Map<string, { label: string; description: string }>();
  for (const [, href, label, description] of html.matchAll(CARD)) {
    const key = unescape(href);
    if (!cards.has(key)) cards.set(key, { label: unescape(label), description: unescape(description) });
  }
  return cards;
}

/** Each card of the page data, with its label and description from the content. */
export function pageCards(html: string, props: CardProps[]): Card[] {
  const shown = contentCards(html);
  return props.map((card) => {
    const text = shown.get(card.href);
    return { href: card.href, label: text?.label ?? card.href, description: text?.description ?? "", customProps: card.customProps };
  });
}
