import type { NavLink } from "../../types";
import "./Paginator.css";

/** Previous and next pages, as two cards at the end of the article. */
export function Paginator({ previous, next }: { previous?: NavLink; next?: NavLink }) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination" aria-label="Docs pages">
      {previous && (
        <a className="pagination__prev" href={previous.href} rel="prev">
          <span className="pagination__sub">Previous</span>
          <span className="pagination__label">{previous.title}</span>
        </a>
      )}
      {next && (
        <a className="pagination__next" href={next.href} rel="next">
          <span className="pagination__sub">Next</span>
          <span className="pagination__label">{next.title}</span>
        </a>
      )}
    </nav>
  );
}
