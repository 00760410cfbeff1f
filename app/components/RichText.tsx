import { parseBold } from "~/lib/markup";

/** Renders text with **bold** markup as React text and <strong> elements. */
export function RichText({ text }: { text: string }) {
  return <>{parseBold(text).map((s, i) => (s.bold ? <strong key={i}>{s.text}</strong> : <span key={i}>{s.text}</span>))}</>;
}
