// The modules the app gives site components, by the specifier they import.
// The engine treats exactly these names as provided (crates/components,
// `PROVIDED`); any other import must be a file of the site or a package in
// its node_modules.

import * as React from "react";
import * as jsxRuntime from "react/jsx-runtime";
import * as docusaurus from "./shims/docusaurus";
import * as theme from "./shims/theme";
import { clsx } from "./shims/clsx";

const esm = (defaultExport: unknown, named: Record<string, unknown> = {}) => ({
  __esModule: true,
  default: defaultExport,
  ...named,
});

export function providedModules(extra: Record<string, unknown>): Record<string, unknown> {
  return {
    react: React,
    "react/jsx-runtime": jsxRuntime,
    "react/jsx-dev-runtime": jsxRuntime,
    "@docusaurus/Link": esm(docusaurus.Link),
    "@docusaurus/useBaseUrl": esm(docusaurus.useBaseUrl),
    "@docusaurus/useDocusaurusContext": esm(docusaurus.useDocusaurusContext),
    "@docusaurus/BrowserOnly": esm(docusaurus.BrowserOnly),
    "@docusaurus/Head": esm(docusaurus.Head),
    "@docusaurus/router": esm(undefined, { useLocation: docusaurus.useLocation, useHistory: docusaurus.useHistory }),
    "@docusaurus/theme-common": esm(undefined, { useColorMode: docusaurus.useColorMode }),
    "@theme/CodeBlock": esm(theme.CodeBlock),
    "@theme/Tabs": esm(theme.Tabs),
    "@theme/TabItem": esm(theme.TabItem),
    "@theme/Admonition": esm(theme.Admonition),
    "@theme/Heading": esm(theme.Heading),
    "@theme/Details": esm(theme.Details),
    clsx: esm(clsx, { clsx }),
    ...extra,
  };
}
