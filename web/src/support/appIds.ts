// The ids the app and the engine's skeleton use. The engine refuses any id of a page or a
// sidebar item that starts with "__docsite" (or is "main"), so an element of content cannot
// stand in for one of these; every id the app makes is under that prefix too.

export const ID_PREFIX = "__docsite";
/** The skeleton's container, a child of <body>, that the app mounts over. */
export const CONTAINER_ID = ID_PREFIX;
/** The skeleton's data script, the next child of <body> after the container. */
export const DATA_ID = `${ID_PREFIX}-data`;
/** The article's content in the skeleton. */
export const CONTENT_ID = `${ID_PREFIX}-content`;

/** An id of the app's own: "drawer" -> "__docsite-drawer". */
export function appId(name: string): string {
  return `${ID_PREFIX}-${name}`;
}

/** The sidebar drawer (narrow screens), which the navbar's menu button controls. */
export const DRAWER_ID = appId("drawer");

/** React's `identifierPrefix`: useId() then makes "__docsite-r_1_" (it adds a leading "_"). */
export const REACT_ID_PREFIX = `${ID_PREFIX.slice(1)}-`;
