// The no-flash colour mode script, as a string. Its one source is
// web/color-mode-script.js, which the engine reads at build time and
// inlines in every document's <head> (allowed by its hash in the CSP). It
// must stay tiny ES5 with no imports: it runs before anything else.
//
// It reads localStorage "docsite-color-mode" ("light" | "dark" | "system",
// default system), sets <html data-theme> to the theme that shows, and
// adds the class "js" to <html>.

import script from "../color-mode-script.js?raw";

export const COLOR_MODE_SCRIPT: string = script.trim();
