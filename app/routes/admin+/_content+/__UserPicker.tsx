import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { ErrorList } from "~/components/forms";
import { useHydrated } from "~/lib/browser/hooks";

type Found = { id: string; name: string; email: string };

/**
 * Specific recipients as e-mail addresses, one per line: works without JavaScript and for any number
 * of students. With JavaScript a search box suggests students by name or e-mail and adds them.
 */
export function UserPicker({ meta, cleared = false }: { meta: FieldMetadata<unknown>; cleared?: boolean }) {
  const hydrated = useHydrated();
  const [text, setText] = useState(cleared ? "" : String(meta.initialValue ?? ""));
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Found[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    clearTimeout(timer.current);
    if (q.trim().length < 2) {
      setFound([]);
      return;
    }
    timer.current = setTimeout(async () => {
      try {
        const res = await fetch(`/admin/api/users?q=${encodeURIComponent(q.trim())}`);
        setFound(((await res.json()) as { users: Found[] }).users);
      } catch {
        setFound([]);
      }
    }, 250);
  }, [q]);

  const chosen = new Set(text.split(/[\s,;]+/).filter(Boolean));
  return (
    <div className="space-y-2">
      {hydrated ? (
        <div>
          <label htmlFor="user-search" className="label">
            Find students
          </label>
          <input
            id="user-search"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Type a name or e-mail"
            className="input"
            autoComplete="off"
          />
          {found.length ? (
            <ul className="mt-1 max-h-40 overflow-auto rounded-lg border border-slate-200">
              {found.map((u) => (
                <li key={u.id}>
                  <button
                    type="button"
                    className="block w-full px-3 py-1.5 text-left text-sm hover:bg-slate-50 disabled:text-slate-400"
                    disabled={chosen.has(u.email)}
                    onClick={() => setText((t) => (t.trim() ? `${t.trim()}\n${u.email}` : u.email))}
                  >
                    {u.name} · {u.email} {chosen.has(u.email) ? "(added)" : ""}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div>
        <label htmlFor={meta.id} className="label">
          Students' e-mail addresses (one per line)
        </label>
        <textarea
          id={meta.id}
          name={meta.name}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={4}
          className="input font-mono text-sm"
          aria-invalid={meta.errors?.length ? true : undefined}
          aria-describedby={meta.errors?.length ? meta.errorId : undefined}
        />
        <ErrorList id={meta.errorId} errors={meta.errors} />
      </div>
    </div>
  );
}
