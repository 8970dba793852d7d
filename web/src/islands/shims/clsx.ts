// `clsx`: class names from strings, arrays and objects of flags.

type ClassValue = string | number | null | undefined | boolean | ClassValue[] | Record<string, unknown>;

export function clsx(...values: ClassValue[]): string {
  const out: string[] = [];
  for (const v of values) {
    if (!v) continue;
    if (typeof v === "string" || typeof v === "number") out.push(String(v));
    else if (Array.isArray(v)) {
      const inner = clsx(...v);
      if (inner) out.push(inner);
    } else if (typeof v === "object") {
      for (const [k, on] of Object.entries(v)) if (on) out.push(k);
    }
  }
  return out.join(" ");
}
