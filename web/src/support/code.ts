// The text a code block's copy button puts on the clipboard.

/**
 * The engine writes one source line per line of the block (a highlighted or
 * numbered line wrapped in a span, the newline after it), so the text is the
 * code's own text; line numbers are CSS and not part of it.
 */
export function codeText(pre: Element): string {
  const code = pre.querySelector("code") ?? pre;
  return (code.textContent ?? "").replace(/\n$/, "");
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
