import type { LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { requireAdmin } from "~/models/auth.server";
import { neutraliseFormula } from "~/lib/rules/csv-cells";
import { env } from "~/lib/server/env.server";
import { formatDateTime } from "~/lib/rules/time";
import { linkBatch } from "~/models/sign-in-links.server";

/** The one-time sign-in links made by an import, as CSV (name, e-mail, link, valid until); kept for a day. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const links = linkBatch(new URL(request.url).searchParams.get("key"));
  if (!links) throw new Response("These links are no longer available: create new ones under User Management.", { status: 404 });
  const tz = env().ACADEMY_TIME_ZONE;
  // an e-mail in its column, a phone or roll number in its own (a phone was under "email" before)
  const rows = links.map((l) =>
    [l.name, l.email.includes("@") ? l.email : "", l.email.includes("@") ? "" : l.email, l.url, formatDateTime(l.expiresAt, tz)].map(neutraliseFormula),
  );
  return new Response(`\uFEFF${stringify([["name", "email", "phone_or_roll_number", "link", "valid_until"], ...rows])}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="sign-in-links.csv"',
      "Cache-Control": "no-store",
    },
  });
}
