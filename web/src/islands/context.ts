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

/** Whether the render since the last `setSiteContext` read the page's route. */
let routeRead = false;

export function setSiteContext(context: SiteContext): void {
  current = context;
  routeRead = false;
}

/** The page's route, noted as read: a render that never reads it is the same on every
 * route, so the engine shows it on the same page of every version without rendering again. */
export function pageRoute(): string {
  routeRead = true;
  return current.route;
}

export function wasRouteRead(): boolean {
  return routeRead;
}

export function siteContext(): SiteContext {
  return current;
}
