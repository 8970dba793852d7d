// What the Docusaurus shims read about the site: set by the server before
// each render and by the island loader from each island's data.

export interface SiteContext {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  customFields: Record<string, unknown>;
  /** The page's route, for useLocation. */
  route: string;
}

let current: SiteContext = {
  title: "",
  tagline: "",
  url: "",
  baseUrl: "/",
  customFields: {},
  route: "/",
};

export function setSiteContext(context: SiteContext): void {
  current = context;
}

export function siteContext(): SiteContext {
  return current;
}
