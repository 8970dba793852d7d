// Notices above the article: the version banner and the unlisted page banner.

import type { SiteData } from "../../types";

// The engine's skeleton words them the same way.
const VERSION_BANNERS = {
  unreleased: "This is documentation for an unreleased version of Dagster.",
  unmaintained: "This is documentation for a version of Dagster that is no longer maintained.",
};

export function VersionBanner({ site }: { site: SiteData }) {
  const { banner } = site.version;
  if (!banner) return null;
  return (
    <div className={`version-banner version-banner--${banner}`} role="note">
      {VERSION_BANNERS[banner]}
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
