import { formatDateTime } from "~/lib/rules/time";

/** After an import or a bulk action: how many students have no password yet, and their links to download. */
export function SignInLinksNotice({ links, timeZone, noun }: { links: { key: string; count: number; expiresAt: number }; timeZone: string; noun: string }) {
  return (
    <section role="status" className="card space-y-2 p-4" data-testid="sign-in-links">
      <p className="font-semibold">
        {links.count} {noun}
        {links.count === 1 ? " has" : "s have"} no password yet.
      </p>
      <p className="text-sm text-slate-700">
        Each got a one-time sign-in link to set one, valid until {formatDateTime(links.expiresAt, timeZone)}. Download them (name, e-mail, link) and send each
        student theirs by WhatsApp or on paper. The file is available for a day.
      </p>
      <a href={`/admin/backup/sign-in-links.csv?key=${links.key}`} className="btn-primary" download>
        Download sign-in links (CSV)
      </a>
    </section>
  );
}
