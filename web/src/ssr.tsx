// Renders the app to HTML on the dev server (web/dev/plugin.ts), standing
// in for the engine's no-JS skeleton. Not part of the production bundle.
// Its output is the reference markup for crates/build/src/document.rs.

import { renderToString } from "react-dom/server";
import { App, initialView } from "./App";
import type { InlineData } from "./types";
import { REACT_ID_PREFIX } from "./support/appIds";

export function renderDocument(data: InlineData, html: string, pathname: string, search: string): string {
  return renderToString(
    <App site={data.site} initial={initialView(data, html, pathname)} initialSearch={search} />,
    { identifierPrefix: REACT_ID_PREFIX },
  );
}
