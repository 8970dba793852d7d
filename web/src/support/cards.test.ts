import { describe, expect, it } from "vitest";
import { contentCards, pageCards } from "./cards";

// Two cards as the engine writes them (crates/engine/src/site_files/catalogue.rs), one with a logo.
const html =
  '<p>Intro</p><ul class="card-list">' +
  '<li class="card"><a class="card__link" href="/libs/a"><img class="card__logo" src="/img/a.svg" alt="" width="32" height="32"><span class="card__title">A &amp; B</span><span class="card__description">Moves &lt;data&gt;.</span></a></li>' +
  '<li class="card"><a class="card__link" href="/libs/c?x=1&amp;y=2"><span class="card__title">C</span><span class="card__description"></span></a></li>' +
  "</ul>\n";

describe("contentCards", () => {
  it("reads each card's label and description, unescaped, by href", () => {
    const cards = contentCards(html);
    expect(cards.get("/libs/a")).toEqual({ label: "A & B", description: "Moves <data>." });
    expect(cards.get("/libs/c?x=1&y=2")).toEqual({ label: "C", description: "" });
    expect(cards.size).toBe(2);
  });
});

describe("pageCards", () => {
  it("joins the page data's custom props to the content's cards, in the data's order", () => {
    const cards = pageCards(html, [{ href: "/libs/c?x=1&y=2" }, { href: "/libs/a", customProps: { logo: "/img/a.svg" } }]);
    expect(cards.map((c) => c.label)).toEqual(["C", "A & B"]);
    expect(cards[1].customProps).toEqual({ logo: "/img/a.svg" });
    expect(cards[1].description).toBe("Moves <data>.");
  });
});
