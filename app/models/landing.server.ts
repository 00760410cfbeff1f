import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { BOOK_PLACEHOLDER, drivePreviewUrl, driveDownloadUrl, MATERIAL_PLACEHOLDER, safeImageSrc, safeLinkHref } from "~/lib/rules/links";
import { examTypeLabels, labelOf } from "./exam-type.server";
import { academyContact } from "./academy-settings.server";

export const PUBLIC_ANNOUNCEMENTS = 6;
export const LANDING_BOOKS = 8;
export const LANDING_MATERIALS = 6;

type PublicAnnouncement = { id: string; title: string; content: string; type: string; imageUrl: string | null; date: number };

/**
 * Announcements the public may read: active, published (no schedule or a past one) and addressed to
 * everyone (targeted ones are for the students they name). Newest first.
 */
const announcementImage = (url: string | null) => (url ? safeImageSrc(url, "") || null : null);

function publicAnnouncements(limit: number, now: number): PublicAnnouncement[] {
  return db()
    .all<PublicAnnouncement>(sql`
      SELECT id, title, content, type, image_url AS imageUrl, COALESCE(scheduled_for, created_at) AS date
      FROM announcements
      WHERE is_active = 1 AND (scheduled_for IS NULL OR scheduled_for <= ${now}) AND target_type = 'all'
      ORDER BY COALESCE(scheduled_for, created_at) DESC LIMIT ${limit}`)
    .map((a) => ({ ...a, imageUrl: announcementImage(a.imageUrl) }));
}

function publicAnnouncement(id: string, now: number): PublicAnnouncement | undefined {
  const a = db().get<PublicAnnouncement>(sql`
    SELECT id, title, content, type, image_url AS imageUrl, COALESCE(scheduled_for, created_at) AS date
    FROM announcements
    WHERE id = ${id} AND is_active = 1 AND (scheduled_for IS NULL OR scheduled_for <= ${now}) AND target_type = 'all'`);
  return a ? { ...a, imageUrl: announcementImage(a.imageUrl) } : undefined;
}

type PublicBook = { id: string; title: string; description: string | null; coverUrl: string; createdAt: number };

function books(limit: number): PublicBook[] {
  return db()
    .all<PublicBook>(sql`SELECT id, title, description, cover_url AS coverUrl, created_at AS createdAt FROM books ORDER BY created_at DESC LIMIT ${limit}`)
    .map((b) => ({ ...b, coverUrl: safeImageSrc(b.coverUrl, BOOK_PLACEHOLDER) }));
}

function book(id: string): PublicBook | undefined {
  const b = db().get<PublicBook>(sql`SELECT id, title, description, cover_url AS coverUrl, created_at AS createdAt FROM books WHERE id = ${id}`);
  return b ? { ...b, coverUrl: safeImageSrc(b.coverUrl, BOOK_PLACEHOLDER) } : undefined;
}

export type MaterialRow = { id: string; title: string; description: string; examType: string; link: string; thumbnailUrl: string; uploadDate: number };
export const MATERIAL_COLUMNS = sql`m.id, m.title, m.description, m.exam_type AS examType, m.google_drive_link AS link, m.thumbnail_url AS thumbnailUrl, m.upload_date AS uploadDate`;

/** A material as its card shows it: the exam type's label, a safe thumbnail, Drive preview and download links. */
export function materialCards(rows: MaterialRow[]) {
  const labels = examTypeLabels();
  return rows.map((m) => ({
    id: m.id,
    title: m.title,
    description: m.description,
    examType: labelOf(labels, m.examType),
    uploadDate: m.uploadDate,
    thumbnailUrl: safeImageSrc(m.thumbnailUrl, MATERIAL_PLACEHOLDER),
    previewUrl: safeLinkHref(drivePreviewUrl(m.link)),
    downloadUrl: safeLinkHref(driveDownloadUrl(m.link)),
  }));
}

/** The public materials: active ones given to no batch, newest first. */
function materials(limit: number) {
  return materialCards(
    db().all<MaterialRow>(sql`
      SELECT ${MATERIAL_COLUMNS} FROM materials m
      WHERE m.is_active = 1 AND NOT EXISTS (SELECT 1 FROM material_batches mb WHERE mb.material_id = m.id)
      ORDER BY m.upload_date DESC LIMIT ${limit}`),
  );
}

/** The active materials given to a student's batches, newest first (their dashboard's "For your batch"). */
export function batchMaterialsFor(userId: string, limit = 12) {
  return materialCards(
    db().all<MaterialRow>(sql`
      SELECT ${MATERIAL_COLUMNS} FROM materials m
      WHERE m.is_active = 1 AND EXISTS (SELECT 1 FROM material_batches mb JOIN batch_members bm ON bm.batch_id = mb.batch_id AND bm.user_id = ${userId}
                                        WHERE mb.material_id = m.id)
      ORDER BY m.upload_date DESC LIMIT ${limit}`),
  );
}

/**
 * Everything the public landing page shows. `closedPopupId` (from a cookie) is the announcement whose
 * on-load popup the visitor closed: it stays closed; a newer announcement pops up again.
 */
export function loadLanding(url: URL, closedPopupId: string | null, now = Date.now()) {
  const announcements = publicAnnouncements(PUBLIC_ANNOUNCEMENTS, now);
  const bookList = books(LANDING_BOOKS);
  const announcementId = url.searchParams.get("announcement");
  const bookId = url.searchParams.get("book");
  const openAnnouncement = announcementId ? (announcements.find((a) => a.id === announcementId) ?? publicAnnouncement(announcementId, now) ?? null) : null;
  const openBook = bookId ? (bookList.find((b) => b.id === bookId) ?? book(bookId) ?? null) : null;
  const latest = announcements[0];
  const popup = latest && latest.id !== closedPopupId && !openAnnouncement && !openBook ? latest : null;
  return {
    announcements,
    materials: materials(LANDING_MATERIALS),
    books: bookList,
    openAnnouncement,
    openBook,
    popup,
    contact: academyContact(),
  };
}
