// Small data objects for component tests.

import type { PageData, SiteData } from "../types";

export function makeSite(overrides: Partial<SiteData> = {}): SiteData {
  return {
    title: "Dagster Docs",
    tagline: "Build, automate and observe data pipelines with Dagster.",
    url: "https://docs.dagster.io",
    navbar: [
      { label: "Docs", to: "/", sidebar: "docs" },
      { label: "Tutorials", to: "/tutorials/llm-fine-tuning", sidebar: "tutorials" },
      { label: "Integrations", to: "/integrations/libraries", sidebar: "integrations" },
      { label: "Dagster+", to: "/dagster-plus", sidebar: "dagsterPlus" },
      { label: "API reference", to: "/api", sidebar: "api" },
    ],
    footer: { links: [{ label: "GitHub", href: "https://github.com/dagster-io/dagster" }], copyright: "Copyright © Dagster Labs." },
    version: {
      pluginId: "default",
      version: "current",
      label: "Next",
      banner: null,
      badge: false,
      noIndex: false,
      className: "docs-version-current",
      isLast: true,
    },
    ...overrides,
  };
}

export function makePage(overrides: Partial<PageData> = {}): PageData {
  return {
    id: "getting-started/quickstart",
    route: "/getting-started/quickstart",
    title: "Quickstart",
    description: "Define two assets.",
    sidebar: "docs",
    sidebarUrl: "/_site/sidebar.docs1.json",
    unlisted: false,
    noIndex: false,
    hideTitle: false,
    hideTableOfContents: false,
    html: null,
    toc: [],
    breadcrumbs: [{ label: "Getting started" }, { label: "Quickstart" }],
    previous: null,
    next: null,
    ...overrides,
  };
}
