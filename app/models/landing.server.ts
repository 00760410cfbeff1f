import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { BOOK_PLACEHOLDER, drivePreviewUrl, driveDownloadUrl, MATERIAL_PLACEHOLDER, safeImageSrc, safeLinkHref } from "~/lib/rules/links";
import { examTypeLabels, labelOf } from "./exam-type.server";

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

function materials(limit: number) {
  const labels = examTypeLabels();
  return db()
    .all<{ id: string; title: string; description: string; examType: string; link: string; thumbnailUrl: string; uploadDate: number }>(sql`
      SELECT id, title, description, exam_type AS examType, google_drive_link AS link, thumbnail_url AS thumbnailUrl, upload_date AS uploadDate
      FROM materials WHERE is_active = 1 ORDER BY upload_date DESC LIMIT ${limit}`)
    .map((m) => ({
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
  };
}
