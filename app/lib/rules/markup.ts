/**
 * Question text may carry bold markup: `**text**`. It is parsed into segments and rendered as
 * React <strong> elements, never injected as HTML.
 */
export type Segment = { text: string; bold: boolean };

export function parseBold(text: string): Segment[] {
  const out: Segment[] = [];
  const re = /\*\*(.+?)\*\*/gs;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ text: text.slice(last, at), bold: false });
    out.push({ text: m[1], bold: true });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), bold: false });
  return out;
}

/** Spec 001 §5: text in double quotes inside a question or explanation becomes bold (quotes kept). */
export function boldQuoted(text: string): string {
  return text.replace(/"([^"\n]+)"/g, '**"$1"**');
}

/** The text without markup (for titles, exports and search). */
export function plainText(text: string): string {
  return text.replace(/\*\*(.+?)\*\*/gs, "$1");
}
