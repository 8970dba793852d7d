// React elements from the JSON the engine writes for each island: its
// component, props and MDX children. The server and the browser build the
// same tree from the same JSON, so hydration finds what the server rendered.

import { createElement, type ReactNode } from "react";
import { interop, type Registry } from "./registry";

/** A site component: the module id of its file and the export used. */
export interface ComponentRef {
  m: string;
  e: string;
}

/** An element: a tag name or a site component, its props, its children. */
export interface ElementJson {
  $$el: string | ComponentRef;
  p?: Record<string, unknown>;
  c?: unknown[];
}

function isElement(value: unknown): value is ElementJson {
  return typeof value === "object" && value !== null && "$$el" in value;
}

export function componentOf(registry: Registry, ref: ComponentRef): unknown {
  const mod = registry.load(ref.m) as Record<string, unknown>;
  const found = ref.e === "default" ? interop.def(mod) : mod[ref.e];
  if (found === undefined) throw new Error(`${ref.m} has no export named ${ref.e}`);
  return found;
}

/** Props and children may hold elements at any depth (`icon={<Star />}`). */
function value(registry: Registry, v: unknown): unknown {
  if (isElement(v)) return toElement(registry, v);
  if (Array.isArray(v)) return v.map((x) => value(registry, x));
  if (typeof v === "object" && v !== null) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(registry, x)]));
  }
  return v;
}

export function toElement(registry: Registry, json: ElementJson): ReactNode {
  const type = typeof json.$$el === "string" ? json.$$el : componentOf(registry, json.$$el);
  const props = value(registry, json.p ?? {}) as Record<string, unknown>;
  const children = (json.c ?? []).map((c) => value(registry, c));
  return createElement(type as string, props, ...(children as ReactNode[]));
}
