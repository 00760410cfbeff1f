import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/db.server";
import { BOOK_PLACEHOLDER, safeImageSrc } from "~/lib/rules/links";
import { likePattern } from "~/lib/rules/search";
import { examTypeLabels, labelOf } from "~/models/exam-type.server";
import { materialCards, type MaterialRow, MATERIAL_COLUMNS } from "~/models/landing.server";
import type { SessionUser } from "~/models/user.server";
import { academyContact } from "~/models/academy-settings.server";

/**
 * The library after sign-in (/library): the study materials a student may open (the public ones of their exam
 * types, or of every exam type while they have none, and those given to their batches) and the academy's books,
 * searchable, filtered by exam type, a page at a time.
 */
export const LIBRARY_PAGE = 24;
export const LIBRARY_SHOWS = ["all", "materials", "books"] as const;
export type LibraryQuery = { q: string; exam: string; show: (typeof LIBRARY_SHOWS)[number]; materialsPage: number; booksPage: number };

const pageNumber = (value: string | null) => Math.max(1, Math.min(10_000, Number.parseInt(value ?? "1", 10) || 1));

export function parseLibraryQuery(url: URL): LibraryQuery {
  const show = url.searchParams.get("show");
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    exam: (url.searchParams.get("exam") ?? "").slice(0, 100),
    show: (LIBRARY_SHOWS as readonly string[]).includes(show ?? "") ? (show as LibraryQuery["show"]) : "all",
    materialsPage: pageNumber(url.searchParams.get("mpage")),
    booksPage: pageNumber(url.searchParams.get("bpage")),
  };
}

const textMatches = (q: string, title: SQL, description: SQL) =>
  q ? sql`(lower(${title}) LIKE ${likePattern(q)} ESCAPE '\\' OR lower(${description}) LIKE ${likePattern(q)} ESCAPE '\\')` : sql`1`;

function materialsFor(user: SessionUser, query: LibraryQuery) {
  const types = user.assignedExamTypes;
  const mine = sql`EXISTS (SELECT 1 FROM material_batches mb JOIN batch_members bm ON bm.batch_id = mb.batch_id AND bm.user_id = ${user.id}
                           WHERE mb.material_id = m.id)`;
  const ofMyTypes = types.length
    ? sql`m.exam_type IN (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql`1`;
  const publicOnes = sql`(NOT EXISTS (SELECT 1 FROM material_batches mb WHERE mb.material_id = m.id) AND ${ofMyTypes})`;
  const where = sql`m.is_active = 1 AND (${mine} OR ${publicOnes}) AND ${textMatches(query.q, sql`m.title`, sql`m.description`)}
                    AND ${query.exam ? sql`m.exam_type = ${query.exam}` : sql`1`}`;
  const total = db().get<{ n: number }>(sql`SELECT count(*) AS n FROM materials m WHERE ${where}`)?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIBRARY_PAGE));
  const page = Math.min(query.materialsPage, pages);
  const rows = db().all<MaterialRow>(
    sql`SELECT ${MATERIAL_COLUMNS} FROM materials m WHERE ${where} ORDER BY m.upload_date DESC LIMIT ${LIBRARY_PAGE} OFFSET ${(page - 1) * LIBRARY_PAGE}`,
  );
  return { items: materialCards(rows), total, page, pages };
}

type BookRow = { id: string; title: string; description: string | null; coverUrl: string; createdAt: number };

function booksFor(query: LibraryQuery) {
  const where = textMatches(query.q, sql`title`, sql`coalesce(description, '')`);
  const total = db().get<{ n: number }>(sql`SELECT count(*) AS n FROM books WHERE ${where}`)?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIBRARY_PAGE));
  const page = Math.min(query.booksPage, pages);
  const rows = db().all<BookRow>(sql`SELECT id, title, description, cover_url AS coverUrl, created_at AS createdAt FROM books WHERE ${where}
                                     ORDER BY created_at DESC LIMIT ${LIBRARY_PAGE} OFFSET ${(page - 1) * LIBRARY_PAGE}`);
  return { items: rows.map((b) => ({ ...b, coverUrl: safeImageSrc(b.coverUrl, BOOK_PLACEHOLDER) })), total, page, pages };
}

export function libraryPage(user: SessionUser, query: LibraryQuery) {
  const labels = examTypeLabels();
  return {
    query,
    // the exam types a student can filter by: their own (every one while none is assigned)
    examOptions: (user.assignedExamTypes.length ? user.assignedExamTypes : Object.keys(labels)).map((value) => ({ value, label: labelOf(labels, value) })),
    materials: query.show === "books" ? null : materialsFor(user, query),
    books: query.show === "materials" ? null : booksFor(query),
    whatsappNumber: academyContact().whatsappNumber,
  };
}
