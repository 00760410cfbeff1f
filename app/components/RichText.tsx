import { parseBold } from "~/lib/rules/markup";

/**
 * Renders text with **bold** markup: plain stretches as text, bold ones as <strong>. Text without markup is
 * returned as it is (a results page renders a few hundred of these: no element per stretch). Line breaks in the
 * text (a verse extract) are kept on screen and in print, without JavaScript.
 */
export function RichText({ text }: { text: string }) {
  const stretches = parseBold(text);
  const shown =
    stretches.length === 1 && !stretches[0].bold ? stretches[0].text : stretches.map((s, i) => (s.bold ? <strong key={i}>{s.text}</strong> : s.text));
  return text.includes("\n") ? <span className="whitespace-pre-line">{shown}</span> : shown;
}
