// A small site for `npm run dev`: five sidebars and a dozen pages that
// cover the display rules (collapsed, non-collapsible and linked
// categories, a hidden index entry, an unlisted page, logos, a community
// library, a page in no sidebar) and the content conventions (tabs,
// admonitions, code, details, tables, cards). Dev only: nothing in src/
// imports it, so it never reaches the production bundle.

import type { Card, PageData, SidebarItem, SiteData } from "../src/types";
import { admonition, cardList, codeBlock, heading, tabs, tocOf } from "./content.ts";

const EDIT = "https://github.com/dagster-io/dagster-docs-site/edit/main/site/docs/";

const sidebars: Record<string, SidebarItem[]> = {
  docs: [
    {
      type: "category",
      label: "Getting started",
      collapsed: false,
      collapsible: true,
      items: [
        { type: "link", label: "Overview", href: "/", docId: "index" },
        { type: "link", label: "Quickstart", href: "/getting-started/quickstart", docId: "getting-started/quickstart" },
        { type: "link", label: "Installation", href: "/getting-started/installation", docId: "getting-started/installation" },
      ],
    },
    {
      type: "category",
      label: "Build",
      href: "/guides/build",
      docId: "guides/build/index",
      collapsed: true,
      collapsible: true,
      items: [
        { type: "link", label: "Build", href: "/guides/build", docId: "guides/build/index", className: "hidden" },
        { type: "link", label: "Defining assets", href: "/guides/build/assets/defining-assets", docId: "guides/build/assets/defining-assets" },
        {
          type: "category",
          label: "Partitions",
          collapsed: true,
          collapsible: true,
          items: [
            {
              type: "link",
              label: "Partitioning assets",
              href: "/guides/build/partitions/partitioning-assets",
              docId: "guides/build/partitions/partitioning-assets",
            },
          ],
        },
        {
          type: "link",
          label: "Migrating from sensors",
          href: "/guides/build/migrating-from-sensors",
          docId: "guides/build/migrating-from-sensors",
          unlisted: true,
        },
      ],
    },
    {
      type: "category",
      label: "Test",
      collapsed: true,
      collapsible: false,
      items: [{ type: "link", label: "Asset checks", href: "/guides/test/asset-checks", docId: "guides/test/asset-checks" }],
    },
    { type: "link", label: "Dagster University", href: "https://courses.dagster.io/" },
  ],
  tutorials: [
    {
      type: "category",
      label: "Tutorials",
      collapsed: false,
      collapsible: false,
      items: [{ type: "link", label: "Fine-tune an LLM", href: "/tutorials/llm-fine-tuning", docId: "tutorials/llm-fine-tuning" }],
    },
  ],
  integrations: [
    { type: "link", label: "Libraries", href: "/integrations/libraries", docId: "integrations/libraries/index" },
    {
      type: "category",
      label: "Libraries",
      collapsed: false,
      collapsible: true,
      items: [
        {
          type: "link",
          label: "Snowflake",
          href: "/integrations/libraries/snowflake",
          docId: "integrations/libraries/snowflake",
          customProps: { logo: "/images/integrations/snowflake.svg", categories: ["Storage"] },
        },
        {
          type: "link",
          label: "DuckDB",
          href: "/integrations/libraries/duckdb",
          docId: "integrations/libraries/duckdb",
          customProps: { logo: "/images/integrations/duckdb.svg", categories: ["Storage"] },
        },
        {
          type: "link",
          label: "Polars",
          href: "/integrations/libraries/polars",
          docId: "integrations/libraries/polars",
          customProps: { logo: "/images/integrations/polars.svg", categories: ["Compute"], community: true },
        },
      ],
    },
  ],
  dagsterPlus: [
    { type: "link", label: "About Dagster+", href: "/dagster-plus", docId: "dagster-plus/index" },
  ],
  api: [
    { type: "link", label: "API reference", href: "/api", docId: "api/index" },
    {
      type: "category",
      label: "dagster",
      collapsed: false,
      collapsible: true,
      items: [{ type: "link", label: "Assets", href: "/api/dagster/assets", docId: "api/dagster/assets" }],
    },
  ],
};

export const site: SiteData = {
  title: "Dagster Docs",
  tagline: "Build, automate and observe data pipelines with Dagster.",
  url: "https://docs.dagster.io",
  logo: { src: "/images/logo.svg", alt: "Dagster" },
  navbar: [
    { label: "Docs", to: "/", sidebar: "docs" },
    { label: "Tutorials", to: "/tutorials/llm-fine-tuning", sidebar: "tutorials" },
    { label: "Integrations", to: "/integrations/libraries", sidebar: "integrations" },
    { label: "Dagster+", to: "/dagster-plus", sidebar: "dagsterPlus" },
    { label: "API reference", to: "/api", sidebar: "api" },
  ],
  footer: {
    links: [
      { label: "GitHub", href: "https://github.com/dagster-io/dagster" },
      { label: "Dagster on PyPI", href: "https://pypi.org/project/dagster/" },
    ],
    copyright: "Copyright © Dagster Labs. Documentation content available under the Apache 2.0 licence.",
  },
  version: {
    pluginId: "default",
    version: "current",
    label: "Next",
    banner: null,
    badge: true,
    noIndex: false,
    className: "docs-version-current",
    isLast: true,
  },
  editUrl: EDIT,
  repositoryUrl: "https://github.com/dagster-io/dagster-docs-site/blob/main/site/examples/",
  sidebars,
};

type PageInput = Partial<PageData> & Pick<PageData, "id" | "route" | "title" | "html">;

function page(input: PageInput): PageData {
  const html = input.html ?? "";
  return {
    description: "",
    unlisted: false,
    noIndex: false,
    hideTitle: false,
    hideTableOfContents: false,
    toc: tocOf(html),
    breadcrumbs: [{ label: input.title }],
    previous: null,
    next: null,
    editUrl: `${EDIT}${input.id}.md`,
    markdownUrl: input.route === "/" ? "/index.md" : `${input.route}.md`,
    ...input,
  };
}

const INSTALL_TABS = tabs("package-manager", [
  {
    value: "uv",
    label: "uv",
    body: codeBlock("shell", "uv add dagster dagster-webserver"),
  },
  {
    value: "pip",
    label: "pip",
    body: codeBlock("shell", "pip install dagster dagster-webserver"),
  },
]);

const QUICKSTART_CODE = `
import dagster as dg


@dg.asset
def raw_orders() -> list[dict]:
    """Orders exported from the shop database."""
    return [{"id": 1, "amount": 120}, {"id": 2, "amount": 80}]


@dg.asset
def order_totals(raw_orders: list[dict]) -> int:
    # Dagster passes the upstream asset's value in by parameter name.
    return sum(order["amount"] for order in raw_orders)


defs = dg.Definitions(assets=[raw_orders, order_totals])
`;

const libraryCards: Card[] = [
  {
    label: "Snowflake",
    href: "/integrations/libraries/snowflake",
    description: "Query Snowflake from assets with a configurable resource, or store asset outputs as tables.",
    customProps: { logo: "/images/integrations/snowflake.svg", categories: ["Storage"] },
  },
  {
    label: "DuckDB",
    href: "/integrations/libraries/duckdb",
    description: "Read and write DuckDB tables from assets, a fast local warehouse for development.",
    customProps: { logo: "/images/integrations/duckdb.svg", categories: ["Storage"] },
  },
  {
    label: "dbt",
    href: "/integrations/libraries/dbt",
    description: "Load every dbt model as an asset, with its lineage, tests and documentation.",
    customProps: { logo: "/images/integrations/dbt.svg", categories: ["ETL"] },
  },
  {
    label: "Fivetran",
    href: "/integrations/libraries/fivetran",
    description: "Represent Fivetran connectors as assets and trigger syncs from Dagster.",
    customProps: { logo: "/images/integrations/fivetran.svg", categories: ["ETL"] },
  },
  {
    label: "OpenAI",
    href: "/integrations/libraries/openai",
    description: "Call OpenAI models from assets and track token usage as asset metadata.",
    customProps: { categories: ["AI"] },
  },
  {
    label: "Polars",
    href: "/integrations/libraries/polars",
    description: "I/O managers that store Polars DataFrames as Parquet or Delta Lake files.",
    customProps: { logo: "/images/integrations/polars.svg", categories: ["Compute", "Storage"], community: true },
  },
];

const pages: PageData[] = [
  page({
    id: "index",
    route: "/",
    title: "Dagster documentation",
    description: "Dagster is a data orchestrator for building, running and observing data pipelines as software-defined assets.",
    sidebar: "docs",
    next: { title: "Quickstart", href: "/getting-started/quickstart" },
    lastUpdated: { date: "2025-01-14", author: "Dagster Labs" },
    html: [
      "<p>Dagster is a data orchestrator built around <strong>assets</strong>: the tables, files and models your pipelines produce. You declare the assets you want and how each is computed from others; Dagster works out the order, runs it, and records what happened.</p>",
      heading(2, "where-to-start", "Where to start"),
      cardList([
        { title: "Quickstart", href: "/getting-started/quickstart", description: "Define two assets and materialize them in the Dagster UI in a few minutes." },
        { title: "Installation", href: "/getting-started/installation", description: "Install Dagster with uv or pip, in a project or a virtual environment." },
        { title: "Build", href: "/guides/build", description: "Define assets, partitions and their dependencies." },
        { title: "Integrations", href: "/integrations/libraries", description: "Connect Dagster to warehouses, ETL tools and AI services." },
      ]),
      heading(2, "how-these-docs-are-organized", "How these docs are organized"),
      "<p>The <a href=\"/\">Docs</a> explain concepts and tasks; <a href=\"/tutorials/llm-fine-tuning\">Tutorials</a> walk through complete projects; <a href=\"/integrations/libraries\">Integrations</a> cover the libraries that connect Dagster to other tools; <a href=\"/dagster-plus\">Dagster+</a> documents the managed platform, and the <a href=\"/api\">API reference</a> lists every public Python API. See also <a href=\"/about\">about these docs</a>.</p>",
    ].join(""),
  }),
  page({
    id: "getting-started/quickstart",
    route: "/getting-started/quickstart",
    title: "Quickstart",
    description: "Define two assets and materialize them in the Dagster UI.",
    sidebar: "docs",
    breadcrumbs: [{ label: "Getting started" }, { label: "Quickstart" }],
    previous: { title: "Dagster documentation", href: "/" },
    next: { title: "Installation", href: "/getting-started/installation" },
    lastUpdated: { date: "2025-02-03" },
    html: [
      "<p>This quickstart defines two assets in a single Python file and materializes them from the Dagster UI.</p>",
      heading(2, "install-dagster", "Install Dagster"),
      "<p>Install the <code>dagster</code> package and the web server that runs the UI:</p>",
      INSTALL_TABS,
      admonition("tip", "<p>Working in a fresh virtual environment keeps Dagster's dependencies apart from your other projects. See <a href=\"/getting-started/installation#virtual-environments\">virtual environments</a>.</p>"),
      heading(2, "define-assets", "Define assets"),
      "<p>Create <code>quickstart.py</code>. The second asset names the first as a parameter, which makes it a dependency:</p>",
      codeBlock("python", QUICKSTART_CODE, { title: "quickstart.py", highlight: [10, 11, 12, 13], numbered: true }),
      heading(3, "what-the-decorator-does", "What the decorator does"),
      "<p><code>@dg.asset</code> turns a function into an asset definition: the function's name becomes the asset key, and its parameters become upstream dependencies.</p>",
      heading(2, "run-the-ui", "Run the UI"),
      codeBlock("shell", "dagster dev -f quickstart.py"),
      "<p>Open <a href=\"http://localhost:3000\" rel=\"noopener noreferrer\">localhost:3000</a>, go to <strong>Assets</strong>, and select <strong>Materialize all</strong>.</p>",
      admonition("note", "<p><code>dagster dev</code> is for local development. For production deployments, run the web server and daemon as separate services.</p>"),
    ].join(""),
  }),
  page({
    id: "getting-started/installation",
    route: "/getting-started/installation",
    title: "Installation",
    description: "Install Dagster with uv or pip.",
    sidebar: "docs",
    breadcrumbs: [{ label: "Getting started" }, { label: "Installation" }],
    previous: { title: "Quickstart", href: "/getting-started/quickstart" },
    next: { title: "Build", href: "/guides/build" },
    html: [
      "<p>Dagster is published on PyPI as several packages. Most projects need two:</p>",
      "<table><thead><tr><th>Package</th><th>What it provides</th></tr></thead><tbody><tr><td><code>dagster</code></td><td>The core library: assets, jobs, schedules, sensors and the <code>dagster</code> command</td></tr><tr><td><code>dagster-webserver</code></td><td>The web UI, started by <code>dagster dev</code></td></tr><tr><td><code>dagster-&lt;tool&gt;</code></td><td>Integration libraries such as <code>dagster-snowflake</code></td></tr></tbody></table>",
      heading(2, "install", "Install"),
      INSTALL_TABS,
      heading(2, "virtual-environments", "Virtual environments"),
      tabs("package-manager", [
        { value: "uv", label: "uv", body: "<p><code>uv</code> creates <code>.venv</code> for the project on first use; <code>uv run dagster dev</code> runs inside it.</p>" },
        { value: "pip", label: "pip", body: codeBlock("shell", "python -m venv .venv\nsource .venv/bin/activate") },
      ]),
      admonition("warning", "<p>Keep <code>dagster</code>, <code>dagster-webserver</code> and the integration libraries on matching releases: upgrade them together.</p>"),
      "<details class=\"details\"><summary>Installing on Windows</summary><p>Use PowerShell and activate the environment with <code>.venv\\Scripts\\Activate.ps1</code>; the other commands are the same.</p></details>",
    ].join(""),
  }),
  page({
    id: "guides/build/index",
    route: "/guides/build",
    title: "Build",
    description: "Define assets, their dependencies and partitions.",
    sidebar: "docs",
    breadcrumbs: [{ label: "Build" }],
    previous: { title: "Installation", href: "/getting-started/installation" },
    next: { title: "Defining assets", href: "/guides/build/assets/defining-assets" },
    html: [
      "<p>These guides cover how to describe your data platform to Dagster: the assets it produces, how they depend on one another, and how they are split into partitions.</p>",
      cardList([
        { title: "Defining assets", href: "/guides/build/assets/defining-assets", description: "Write asset functions, declare dependencies and attach metadata." },
        { title: "Partitioning assets", href: "/guides/build/partitions/partitioning-assets", description: "Split assets by time or category and materialize one slice at a time." },
      ]),
    ].join(""),
  }),
  page({
    id: "guides/build/assets/defining-assets",
    route: "/guides/build/assets/defining-assets",
    title: "Defining assets",
    description: "Write asset functions, declare dependencies and attach metadata.",
    sidebar: "docs",
    breadcrumbs: [{ label: "Build", href: "/guides/build" }, { label: "Defining assets" }],
    previous: { title: "Build", href: "/guides/build" },
    next: { title: "Partitioning assets", href: "/guides/build/partitions/partitioning-assets" },
    html: [
      "<p>An asset is an object in persistent storage, such as a table or a file, together with the code that produces it.</p>",
      heading(2, "dependencies", "Dependencies"),
      "<p>Use <code>deps</code> when an asset reads an upstream asset from storage itself, rather than receiving its value:</p>",
      codeBlock("python", '@dg.asset(deps=["raw_orders"])\ndef cleaned_orders() -> None:\n    run_sql("create table cleaned_orders as select * from raw_orders where amount > 0")', { highlight: [1] }),
      heading(2, "metadata", "Metadata"),
      "<p>Return a <code>MaterializeResult</code> to record metadata, such as a row count, with each materialization:</p>",
      codeBlock("python", "@dg.asset\ndef daily_report() -> dg.MaterializeResult:\n    rows = build_report()\n    return dg.MaterializeResult(metadata={\"rows\": len(rows)})"),
      admonition("info", "<p>Metadata values appear in the UI on the asset's page and can be plotted over time.</p>"),
    ].join(""),
  }),
  page({
    id: "guides/build/partitions/partitioning-assets",
    route: "/guides/build/partitions/partitioning-assets",
    title: "Partitioning assets",
    description: "Split assets into partitions by time or category.",
    sidebar: "docs",
    breadcrumbs: [{ label: "Build", href: "/guides/build" }, { label: "Partitions" }, { label: "Partitioning assets" }],
    previous: { title: "Defining assets", href: "/guides/build/assets/defining-assets" },
    next: { title: "Asset checks", href: "/guides/test/asset-checks" },
    html: [
      "<p>A partitioned asset is computed one slice at a time, so a backfill or a failed day does not mean recomputing everything.</p>",
      heading(2, "daily-partitions", "Daily partitions"),
      codeBlock("python", 'daily = dg.DailyPartitionsDefinition(start_date="2024-01-01")\n\n\n@dg.asset(partitions_def=daily)\ndef daily_orders(context: dg.AssetExecutionContext) -> None:\n    day = context.partition_key\n    load_orders_for(day)', { title: "assets.py", highlight: [1, 6] }),
      admonition("danger", "<p>Changing the <code>start_date</code> of a partitions definition that already has materializations changes which partitions exist; plan the change as a migration.</p>"),
    ].join(""),
  }),
  page({
    id: "guides/build/migrating-from-sensors",
    route: "/guides/build/migrating-from-sensors",
    title: "Migrating from sensors",
    description: "Replace custom sensors with declarative automation conditions.",
    sidebar: "docs",
    unlisted: true,
    noIndex: true,
    breadcrumbs: [{ label: "Build", href: "/guides/build" }, { label: "Migrating from sensors" }],
    html: [
      "<p>Many sensors written only to materialize an asset when its upstream assets update can be replaced by an automation condition on the asset itself.</p>",
      heading(2, "eager-condition", "The eager condition"),
      codeBlock("python", "@dg.asset(automation_condition=dg.AutomationCondition.eager())\ndef order_totals(raw_orders: list[dict]) -> int:\n    return sum(order[\"amount\"] for order in raw_orders)"),
      admonition("note", "<p>Automation conditions are evaluated by the Dagster daemon's automation sensor, which must be running.</p>"),
    ].join(""),
  }),
  page({
    id: "guides/test/asset-checks",
    route: "/guides/test/asset-checks",
    title: "Asset checks",
    description: "Test the data an asset produces each time it is materialized.",
    sidebar: "docs",
    breadcrumbs: [{ label: "Test" }, { label: "Asset checks" }],
    previous: { title: "Partitioning assets", href: "/guides/build/partitions/partitioning-assets" },
    html: [
      "<p>An asset check runs after an asset materializes and records whether its data meets an expectation.</p>",
      heading(2, "a-first-check", "A first check"),
      codeBlock("python", "@dg.asset_check(asset=order_totals)\ndef totals_are_positive(order_totals: int) -> dg.AssetCheckResult:\n    return dg.AssetCheckResult(passed=order_totals > 0)"),
      heading(2, "blocking-checks", "Blocking checks"),
      "<p>Pass <code>blocking=True</code> to stop downstream assets from materializing when the check fails.</p>",
    ].join(""),
  }),
  page({
    id: "tutorials/llm-fine-tuning",
    route: "/tutorials/llm-fine-tuning",
    title: "Fine-tune an LLM",
    description: "Build a pipeline that prepares training data and fine-tunes a language model.",
    sidebar: "tutorials",
    breadcrumbs: [{ label: "Tutorials" }, { label: "Fine-tune an LLM" }],
    html: [
      "<p>This tutorial builds a pipeline that extracts product reviews, turns them into a training file, fine-tunes a model with the OpenAI API, and checks the result, with each step an asset.</p>",
      heading(2, "prerequisites", "Prerequisites"),
      "<ul><li>Python and a working Dagster installation (see <a href=\"/getting-started/installation\">Installation</a>)</li><li>An OpenAI API key in the <code>OPENAI_API_KEY</code> environment variable</li></ul>",
      heading(2, "steps", "Steps"),
      "<ol><li>Ingest the raw reviews into DuckDB.</li><li>Build the training and validation files.</li><li>Start the fine-tuning job and wait for it.</li><li>Compare the tuned model with the base model.</li></ol>",
    ].join(""),
  }),
  page({
    id: "integrations/libraries/index",
    route: "/integrations/libraries",
    title: "Integration libraries",
    description: "Libraries that connect Dagster to warehouses, ETL tools, compute platforms and AI services.",
    sidebar: "integrations",
    hideTableOfContents: true,
    cards: libraryCards,
    html: [
      "<p>Each library is a Python package, installed next to <code>dagster</code>, that provides resources, I/O managers or asset factories for one tool. Libraries marked <em>community</em> are maintained by their authors outside Dagster Labs.</p>",
      cardList(libraryCards.map((card) => ({ title: card.label, href: card.href, description: card.description }))),
    ].join(""),
  }),
  page({
    id: "integrations/libraries/snowflake",
    route: "/integrations/libraries/snowflake",
    title: "Snowflake",
    description: "Use Snowflake from Dagster assets.",
    sidebar: "integrations",
    breadcrumbs: [{ label: "Libraries", href: "/integrations/libraries" }, { label: "Snowflake" }],
    html: [
      "<p>The <code>dagster-snowflake</code> library provides <code>SnowflakeResource</code>, a configurable connection to your Snowflake account.</p>",
      heading(2, "configure-the-resource", "Configure the resource"),
      codeBlock("python", 'from dagster_snowflake import SnowflakeResource\n\nsnowflake = SnowflakeResource(\n    account="my_org-my_account",\n    user="dagster",\n    password=dg.EnvVar("SNOWFLAKE_PASSWORD"),\n    warehouse="COMPUTE_WH",\n    database="ANALYTICS",\n)', { highlight: [6] }),
      admonition("warning", "<p>Never write credentials into code: <code>dg.EnvVar</code> reads them from the environment when the resource is used.</p>"),
    ].join(""),
  }),
  page({
    id: "dagster-plus/index",
    route: "/dagster-plus",
    title: "About Dagster+",
    description: "Dagster+ is the managed platform for running Dagster in production.",
    sidebar: "dagsterPlus",
    html: [
      "<p>Dagster+ hosts the Dagster UI, the run storage and the scheduling for you, and adds features for teams: role-based access control, alerts, branch deployments for each pull request, and insights into cost and usage.</p>",
      heading(2, "deployment-types", "Deployment types"),
      "<ul><li><strong>Serverless</strong>: Dagster Labs runs your code as well.</li><li><strong>Hybrid</strong>: your code runs in your own infrastructure through an agent, while Dagster+ runs the control plane.</li></ul>",
    ].join(""),
  }),
  page({
    id: "api/index",
    route: "/api",
    title: "API reference",
    description: "API reference Dagster API | Comprehensive Python API documentation for Dagster, the data orchestration platform. Learn how to build, test, and maintain data pipelines with our detailed guides and examples.",
    sidebar: "api",
    next: { title: "Assets", href: "/api/dagster/assets" },
    html: "<p>The reference for Dagster's public Python APIs, generated from their docstrings. Everything documented here is importable from the top-level <code>dagster</code> package unless noted.</p>",
  }),
  page({
    id: "api/dagster/assets",
    route: "/api/dagster/assets",
    title: "Assets",
    description: "Assets Dagster API | Comprehensive Python API documentation for Dagster, the data orchestration platform. Learn how to build, test, and maintain data pipelines with our detailed guides and examples.",
    sidebar: "api",
    breadcrumbs: [{ label: "dagster" }, { label: "Assets" }],
    previous: { title: "API reference", href: "/api" },
    html: [
      heading(2, "dagster-asset", "dagster.asset"),
      "<p>Creates a definition for how to compute an asset: a decorator applied to a function whose return value is the asset's contents.</p>",
      codeBlock("python", "@dagster.asset(*, name=None, key_prefix=None, deps=None, metadata=None, description=None, group_name=None, partitions_def=None, automation_condition=None)"),
    ].join(""),
  }),
  page({
    id: "about",
    route: "/about",
    title: "About these docs",
    description: "How the Dagster documentation is written and built.",
    hideTableOfContents: true,
    html: "<p>These pages are written in Markdown and MDX and built into a static site. To suggest a change, use the <strong>Edit this page</strong> link at the foot of any page.</p>",
  }),
];

export const pagesByRoute = new Map(pages.map((p) => [p.route, p]));
