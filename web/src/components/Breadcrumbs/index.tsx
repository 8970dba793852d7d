import type { Crumb } from "../../types";
import "./Breadcrumbs.css";

const HOME: Crumb = { label: "Home", href: "/" };

/** Home, the page's ancestors, then the page itself (as the engine's skeleton draws them). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  if (crumbs.length === 0) return null;
  const trail = [HOME, ...crumbs];
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol className="breadcrumbs__list">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={index} className="breadcrumbs__item">
              {crumb.href && !last ? (
                <a className="breadcrumbs__link" href={crumb.href}>
                  {crumb.label}
                </a>
              ) : (
                <span className="breadcrumbs__text" aria-current={last ? "page" : undefined}>
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
