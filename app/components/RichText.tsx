import { parseBold } from "~/lib/rules/markup";

/**
 * Renders text with **bold** markup: plain stretches as text, bold ones as <strong>. Text without markup is
 * returned as it is (a results page renders a few hundred of these: no element per stretch).
 */
export function RichText({ text }: { text: string }) {
  const stretches = parseBold(text);
  if (stretches.length === 1 && !stretches[0].bold) return stretches[0].text;
  return <>{stretches.map((s, i) => (s.bold ? <strong key={i}>{s.text}</strong> : s.text))}</>;
}
