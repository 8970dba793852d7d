import { describe, expect, it } from "vitest";
import { Children, isValidElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createRegistry, type ModuleDef } from "./registry";
import { toElement } from "./elements";
import { providedModules } from "./modules";
import { setSiteContext } from "./context";

// Modules in the shape the engine writes (crates/components, esm.rs and bundle.rs).
const modules: Record<string, ModuleDef> = {
  "src/Rows.jsx": [
    (_module, exports, require, h) => {
      Object.defineProperty(exports, "__esModule", { value: true });
      const react = require("react") as typeof import("react");
      const styles = h.def(require("./rows.module.css")) as Record<string, string>;
      Object.defineProperty(exports, "default", {
        enumerable: true,
        get: () => (props: { children: ReactElement<{ children: ReactElement[] }> }) =>
          react.createElement(
            "ul",
            { className: styles.list },
            ...Children.toArray(props.children.props.children).map((row, i) =>
              react.createElement("li", { key: i, id: `row-${i}` }, isValidElement(row) ? "row" : "text"),
            ),
          ),
      });
    },
    { react: "react", "./rows.module.css": "src/rows.module.css" },
  ],
  "src/rows.module.css": [
    (_module, exports) => {
      Object.defineProperty(exports, "__esModule", { value: true });
      exports.default = { list: "rows_list__abc" };
    },
    {},
  ],
  "src/Site.jsx": [
    (module, _exports, require, h) => {
      const Link = h.def(require("@docusaurus/Link")) as (p: { to: string; children?: string }) => ReactElement;
      const ctx = h.def(require("@docusaurus/useDocusaurusContext")) as () => { siteConfig: { title: string } };
      const react = require("react") as typeof import("react");
      module.exports = { Site: () => react.createElement(Link, { to: "/x" }, ctx().siteConfig.title) };
    },
    { react: "react", "@docusaurus/Link": "@docusaurus/Link", "@docusaurus/useDocusaurusContext": "@docusaurus/useDocusaurusContext" },
  ],
};

describe("island registry and elements", () => {
  const registry = createRegistry(providedModules({}));
  registry.define(modules);

  it("gives a component its children as elements it can walk", () => {
    const root = {
      $$el: { m: "src/Rows.jsx", e: "default" },
      c: [{ $$el: "table", c: [{ $$el: "tr" }, { $$el: "tr" }] }],
    };
    expect(renderToString(toElement(registry, root))).toBe(
      '<ul class="rows_list__abc"><li id="row-0">row</li><li id="row-1">row</li></ul>',
    );
  });

  it("serves the Docusaurus shims from the site context", () => {
    setSiteContext({ title: "Docs", tagline: "", url: "https://x", baseUrl: "/", customFields: {}, route: "/" });
    expect(renderToString(toElement(registry, { $$el: { m: "src/Site.jsx", e: "Site" } }))).toBe('<a href="/x">Docs</a>');
  });

  it("names a module that is missing or an export that is not there", () => {
    expect(() => registry.load("src/Nope.jsx")).toThrow("module src/Nope.jsx is not defined");
    expect(() => toElement(registry, { $$el: { m: "src/Site.jsx", e: "Other" } })).toThrow("has no export named Other");
  });
});
