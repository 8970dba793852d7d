import "./NotFound.css";

/** Shown when a route has no page (its JSON answered 404). */
export function NotFound({ route }: { route: string }) {
  return (
    <article className="not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{route}</code>. It may have moved, or the link that brought you
        here may be mistyped.
      </p>
      <p>
        <a className="button" href="/">
          Go to the home page
        </a>
      </p>
    </article>
  );
}
