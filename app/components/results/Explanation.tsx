import { RichText } from "~/components/RichText";

/** A question's explanation under its options (the review, My mistakes, a practice round). */
export function Explanation({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <div className="mt-3 rounded-md bg-blue-50 p-3 text-sm text-blue-900">
      <p className="font-semibold">Explanation</p>
      <p className="mt-1">
        <RichText text={text} />
      </p>
    </div>
  );
}
