import { RichText } from "~/components/RichText";

const BOX = "mt-3 rounded-md bg-blue-50 p-3 text-sm text-blue-900";

/**
 * A question's explanation under its options (the review, My mistakes, a practice round). `innerHtml`: its
 * body already rendered (ExplanationBody), as the plain results page keeps it (app/models/plain-pages.server.tsx).
 */
export function Explanation({ text, innerHtml }: { text: string | null | undefined; innerHtml?: string }) {
  if (!text) return null;
  if (innerHtml !== undefined) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of ExplanationBody for this text
    return <div className={BOX} dangerouslySetInnerHTML={{ __html: innerHtml }} />;
  }
  return (
    <div className={BOX}>
      <ExplanationBody text={text} />
    </div>
  );
}

export function ExplanationBody({ text }: { text: string }) {
  return (
    <>
      <p className="font-semibold">Explanation</p>
      <p className="mt-1">
        <RichText text={text} />
      </p>
    </>
  );
}
