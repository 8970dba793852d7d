// Notices above the article: the version banner and the unlisted page banner.

import type { PageData, SiteData } from "../../types";
import { hrefIn, lastVersion } from "../../support/versions";

// The engine's skeleton words them the same way (crates/engine/src/assemble/version_html.rs).
function bannerText(site: SiteData, banner: "unreleased" | "unmaintained"): string {
  const { title } = site;
  const { label } = site.version;
  return banner === "unreleased"
    ? `This is unreleased documentation for ${title} ${label}.`
    : `This is documentation for ${title} ${label}, which is no longer maintained.`;
}

export function VersionBanner({ site, page }: { site: SiteData; page: PageData }) {
  const { banner } = site.version;
  if (!banner) return null;
  const last = lastVersion(site);
  return (
    <div className={`version-banner version-banner--${banner}`} role="note">
      <p>
        {bannerText(site, banner)}
        {last && (
          <>
            {" For up-to-date documentation, see "}
            <a className="version-banner__latest" href={hrefIn(last, site, page)}>
              the latest version ({last.label})
            </a>
            .
          </>
        )}
      </p>
    </div>
  );
}

export function UnlistedBanner() {
  return (
    <div className="admonition admonition--warning unlisted-banner" role="note">
      <p className="admonition__title">Unlisted page</p>
      <div className="admonition__body">
        <p>
          This page is unlisted. Search engines will not index it, and only readers with a direct
          link can reach it.
        </p>
      </div>
    </div>
  );
}
