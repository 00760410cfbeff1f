import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { siteTexts } from "~/db/schema.server";
import { SITE_TEXTS, type SiteTextKey } from "~/lib/rules/site-texts";

/** A page's text as students see it: the academy's own, or the default of a new site. */
export function siteText(key: SiteTextKey): { title: string; body: string; edited: boolean; updatedAt: number | null } {
  const row = db().select().from(siteTexts).where(eq(siteTexts.key, key)).get();
  return { title: SITE_TEXTS[key].title, body: row?.body ?? SITE_TEXTS[key].text, edited: !!row, updatedAt: row ? +row.updatedAt : null };
}

/** Saves the academy's text for a page; an empty `body` (or the default itself) goes back to the default. */
export function saveSiteText(key: SiteTextKey, body: string, by: string, now = new Date()) {
  if (!body.trim() || body.trim() === SITE_TEXTS[key].text) {
    db().delete(siteTexts).where(eq(siteTexts.key, key)).run();
    return;
  }
  db()
    .insert(siteTexts)
    .values({ key, body, updatedBy: by, updatedAt: now })
    .onConflictDoUpdate({ target: siteTexts.key, set: { body, updatedBy: by, updatedAt: now } })
    .run();
}

/** What a site-text page shows (/terms, /privacy): its title and text. */
export function siteTextPage(key: SiteTextKey) {
  const { title, body } = siteText(key);
  return { title, body };
}
