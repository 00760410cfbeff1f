import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { ErrorList } from "~/components/forms";
import { useHydrated } from "~/lib/browser/hooks";

/**
 * An image URL field of the admin form pattern (label, input, errors beside it) with a live preview,
 * and "Invalid image URL" when the image fails to load (JavaScript only; the server checks the URL's form).
 */
export function ImageUrlField({ meta, label }: { meta: FieldMetadata<unknown>; label: string }) {
  const [url, setUrl] = useState(String(meta.initialValue ?? ""));
  const [failed, setFailed] = useState(false);
  const hydrated = useHydrated();
  const valid = /^https?:\/\/\S+$/i.test(url.trim()) || /^\/images\/[\w.-]+$/.test(url.trim());
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <input
        {...getInputProps(meta, { type: "text", ariaAttributes: true })}
        key={meta.key}
        inputMode="url"
        maxLength={1000}
        onChange={(e) => {
          setUrl(e.target.value);
          setFailed(false);
        }}
        className="input"
        placeholder="https://"
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
      {hydrated && url.trim() && !meta.errors?.length ? (
        valid && !failed ? (
          <img
            src={url.trim()}
            alt="Preview"
            width={160}
            height={90}
            className="mt-2 h-24 w-40 rounded border border-slate-200 object-cover"
            onError={() => setFailed(true)}
          />
        ) : (
          <p className="mt-1 text-sm text-red-700" role="alert">
            Invalid image URL
          </p>
        )
      ) : null}
    </div>
  );
}
