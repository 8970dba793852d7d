// Docusaurus's client API as site components use it, backed by the app:
// links are plain anchors (the app's click handler navigates), the site
// context comes from site.yaml through the engine.

import { useEffect, useState, type ReactNode } from "react";
import { pageRoute, siteContext } from "../context";

function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//");
}

/** `useBaseUrl('/img/a.png')`: the path under the site's base URL. */
export function useBaseUrl(path: string, options: { absolute?: boolean } = {}): string {
  const { baseUrl, url } = siteContext();
  if (!path || isExternal(path) || path.startsWith("#")) return path;
  const joined = path.startsWith(baseUrl) ? path : baseUrl.replace(/\/$/, "") + "/" + path.replace(/^\//, "");
  return options.absolute ? url.replace(/\/$/, "") + joined : joined;
}

export function useDocusaurusContext() {
  const c = siteContext();
  return {
    siteConfig: { title: c.title, tagline: c.tagline, url: c.url, baseUrl: c.baseUrl, customFields: c.customFields },
    siteMetadata: {},
    i18n: { currentLocale: "en", defaultLocale: "en", locales: ["en"] },
  };
}

type LinkProps = { to?: string; href?: string; children?: ReactNode } & Record<string, unknown>;

export function Link({ to, href, children, ...rest }: LinkProps) {
  const target = to ?? href ?? "";
  const external = isExternal(target);
  const resolved = useBaseUrl(target);
  const rel = external ? { rel: "noopener noreferrer" } : {};
  return (
    <a href={external ? target : resolved} {...rel} {...rest}>
      {children}
    </a>
  );
}

/** Renders its function child only in the browser, after hydration. */
export function BrowserOnly({ children, fallback }: { children: () => ReactNode; fallback?: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <>{mounted ? children() : (fallback ?? null)}</>;
}

/** Head elements are the engine's (title, description from front matter). */
export function Head(): null {
  return null;
}

export function useLocation() {
  if (typeof window !== "undefined" && window.location) {
    return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
  }
  return { pathname: pageRoute(), search: "", hash: "" };
}

export function useHistory() {
  const go = (path: string) => {
    // The app follows a click on an internal link; make one.
    const a = document.createElement("a");
    a.href = path;
    document.getElementById("__docsite-content")?.append(a);
    a.click();
    a.remove();
  };
  return { push: go, replace: go, location: useLocation() };
}

export function useColorMode() {
  const read = () =>
    typeof document === "undefined" ? "light" : document.documentElement.dataset.theme === "dark" ? "dark" : "light";
  const [colorMode, setMode] = useState<"light" | "dark">("light");
  useEffect(() => setMode(read()), []);
  return {
    colorMode,
    setColorMode: (mode: "light" | "dark") => {
      document.documentElement.dataset.theme = mode;
      setMode(mode);
    },
  };
}
