// The text a code block's copy button puts on the clipboard.

/**
 * The engine wraps each source line in <span class="line">; the spans may or
 * may not keep their newline, so lines are joined explicitly.
 */
export function codeText(pre: Element): string {
  const lines = pre.querySelectorAll(".line");
  if (lines.length === 0) return (pre.textContent ?? "").replace(/\n$/, "");
  return Array.from(lines, (line) => (line.textContent ?? "").replace(/\n$/, "")).join("\n");
}

/** Copies text, falling back to a hidden textarea where the Clipboard API is missing. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    return copied;
  }
}
