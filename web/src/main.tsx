// Entry point: mount the app over the engine's skeleton in #__docsite,
// from the data inlined in the document. Without that data (a document
// the engine did not make) the page is left as it is.

// Global styles first, so that component styles (imported by App) follow them.
import "./vars.css";
import "./styles/base.css";
import "./styles/markdown.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, initialView } from "./App";
import { appContainer, inlineSidebar, readInlineData } from "./data";
import { REACT_ID_PREFIX } from "./support/appIds";
// Print rules last, so that they override the component styles above.
import "./styles/print.css";

const HIGHLIGHT_CSS = "/_site/highlight.css";

/** Code token colours come from the engine; link them if the document does not. */
function ensureHighlightStylesheet(): void {
  if (document.querySelector(`link[href="${HIGHLIGHT_CSS}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = HIGHLIGHT_CSS;
  document.head.append(link);
}

async function start(): Promise<void> {
  const container = appContainer(document);
  const inline = readInlineData(document);
  if (!container || !inline) return;
  // The sidebar is not inlined: the app mounts once its file is in (the head preloads it).
  // Without it the engine's document stays as it is, readable and navigable without the app.
  const data = await inlineSidebar(inline.data);
  if (!data) return;
  const { html } = inline;
  ensureHighlightStylesheet();
  // Every useId() id under the app's prefix, which no page may use.
  createRoot(container, { identifierPrefix: REACT_ID_PREFIX }).render(
    <StrictMode>
      <App site={data.site} initial={initialView(data, html, location.pathname)} initialSearch={location.search} />
    </StrictMode>,
  );
}

void start();
