import { useState } from "react";
import { useHydrated } from "~/lib/hooks";

/** A live preview of an image URL typed into a form, with "Invalid image URL" when it fails to load. */
export function ImageUrlField({
  id,
  name,
  label,
  defaultValue = "",
  required,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  required?: boolean;
}) {
  const [url, setUrl] = useState(defaultValue);
  const [failed, setFailed] = useState(false);
  const hydrated = useHydrated();
  const valid = /^https?:\/\/\S+$/i.test(url.trim()) || /^\/images\/[\w.-]+$/.test(url.trim());
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="url"
        value={url}
        required={required}
        onChange={(e) => {
          setUrl(e.target.value);
          setFailed(false);
        }}
        className="input"
        placeholder="https://"
      />
      {hydrated && url.trim() ? (
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
