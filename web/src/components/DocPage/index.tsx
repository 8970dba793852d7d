// One documentation page: banners, breadcrumbs, title, content, the
// libraries gallery on the integrations index, the doc footer and the
// previous/next cards. It fills <main>, which the App draws.

import type { PageData, SiteData } from "../../types";
import { Breadcrumbs } from "../Breadcrumbs";
import { Libraries, LIBRARIES_ROUTE } from "../Libraries";
import { PageMenu } from "../PageMenu";
import { Paginator } from "../Paginator";
import { pageCards } from "../../support/cards";
import { TocMobile } from "../Toc";
import { UnlistedBanner, VersionBanner } from "./Banners";
import { Content } from "./Content";
import { DocMeta } from "./DocMeta";
import "./DocPage.css";

interface DocPageProps {
  site: SiteData;
  page: PageData;
  html: string;
  /** The URL query, read by the libraries gallery's filters. */
  search: string;
}

export function showsToc(page: PageData): boolean {
  return !page.hideTableOfContents && page.toc.length > 0;
}

export function DocPage({ site, page, html, search }: DocPageProps) {
  const gallery = page.route === LIBRARIES_ROUTE && (page.cards?.length ?? 0) > 0;
  // The order of the engine's skeleton, so that nothing moves when the app mounts.
  return (
    <>
      <VersionBanner site={site} page={page} />
      <Breadcrumbs crumbs={page.breadcrumbs} />
      {site.version.badge && <span className="version-badge">Version: {site.version.label}</span>}
      {page.unlisted && <UnlistedBanner />}
      {showsToc(page) && <TocMobile items={page.toc} />}
      <article className={gallery ? "doc__article doc__article--libraries" : "doc__article"}>
        {!page.hideTitle && (
          <header>
            <h1>{page.title}</h1>
            {page.markdownUrl && <PageMenu key={page.id} markdownUrl={page.markdownUrl} />}
          </header>
        )}
        <Content key={page.id} html={html} />
        {gallery && <Libraries cards={pageCards(html, page.cards ?? [])} route={page.route} search={search} />}
      </article>
      <DocMeta page={page} />
      <Paginator previous={page.previous ?? undefined} next={page.next ?? undefined} />
    </>
  );
}
