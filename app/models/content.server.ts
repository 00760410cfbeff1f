import { and, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { userSignInName } from "./user.server";
import { normalizeSignInName } from "~/lib/rules/sign-in-name";
import { db, transaction, type DB } from "~/db/db.server";
import {
  announcementBatches,
  announcementExamTypes,
  announcements,
  announcementUsers,
  batches,
  books,
  materialBatches,
  materials,
  users,
} from "~/db/schema.server";
import { newId } from "~/lib/server/ids.server";
import { ADD_STUDENT, type AnnouncementForm } from "~/lib/schemas/admin-schemas";
import { driveViewUrl } from "~/lib/rules/links";
import { likePattern } from "~/lib/rules/search";
import { fromZonedInput } from "~/lib/rules/zoned-input";
import { announcementMail } from "~/lib/rules/mail-messages";
import { enqueueMail } from "./outbox.server";

/* ---------------------------------------------------------------- materials */

export function listMaterials(q: string, examType: string) {
  const parts: SQL[] = [];
  if (q)
    parts.push(
      or(sql`lower(${materials.title}) LIKE ${likePattern(q)} ESCAPE '\\'`, sql`lower(${materials.description}) LIKE ${likePattern(q)} ESCAPE '\\'`) as SQL,
    );
  if (examType) parts.push(eq(materials.examType, examType));
  const totals = db()
    .select({ total: count(), active: sql<number>`COALESCE(SUM(${materials.isActive}), 0)` })
    .from(materials)
    .get();
  const rows = db()
    .select()
    .from(materials)
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(desc(materials.uploadDate))
    .limit(200)
    .all();
  return { totals: { total: totals?.total ?? 0, active: totals?.active ?? 0, inactive: (totals?.total ?? 0) - (totals?.active ?? 0) }, rows };
}

type MaterialInput = { title: string; description: string; examType: string; googleDriveLink: string; thumbnailUrl: string; batches?: string[] };

/** Gives a material to exactly these batches (those that exist); none makes it public again. */
function setMaterialBatches(tx: DB, materialId: string, batchIds: readonly string[]) {
  tx.delete(materialBatches).where(eq(materialBatches.materialId, materialId)).run();
  if (!batchIds.length) return;
  const known = tx
    .select({ id: batches.id })
    .from(batches)
    .where(inArray(batches.id, [...batchIds]))
    .all();
  if (known.length)
    tx.insert(materialBatches)
      .values(known.map((b) => ({ materialId, batchId: b.id })))
      .run();
}

export function addMaterial({ batches: batchIds = [], ...input }: MaterialInput) {
  const now = new Date();
  const id = newId();
  transaction((tx) => {
    tx.insert(materials)
      .values({ id, ...input, googleDriveLink: driveViewUrl(input.googleDriveLink), isActive: true, uploadDate: now, createdAt: now, updatedAt: now })
      .run();
    setMaterialBatches(tx, id, batchIds);
  });
}

export function findMaterial(id: string) {
  const m = db().select().from(materials).where(eq(materials.id, id)).get();
  if (!m) return undefined;
  const given = db().select({ id: materialBatches.batchId }).from(materialBatches).where(eq(materialBatches.materialId, id)).all();
  return { ...m, batchIds: given.map((b) => b.id) };
}

/** Saves an edited material; false when it no longer exists. */
export function updateMaterial(id: string, { batches: batchIds = [], ...input }: MaterialInput) {
  return transaction((tx) => {
    const changed =
      tx
        .update(materials)
        .set({ ...input, googleDriveLink: driveViewUrl(input.googleDriveLink), updatedAt: new Date() })
        .where(eq(materials.id, id))
        .run().changes > 0;
    if (changed) setMaterialBatches(tx, id, batchIds);
    return changed;
  });
}

export function findBook(id: string) {
  return db().select().from(books).where(eq(books.id, id)).get();
}

export function toggleMaterial(id: string): boolean | null {
  const m = db().select().from(materials).where(eq(materials.id, id)).get();
  if (!m) return null;
  db().update(materials).set({ isActive: !m.isActive, updatedAt: new Date() }).where(eq(materials.id, id)).run();
  return !m.isActive;
}

export function deleteMaterial(id: string) {
  return db().delete(materials).where(eq(materials.id, id)).run().changes > 0;
}

/* ---------------------------------------------------------------- books */

export function listBooks() {
  return db().select().from(books).orderBy(desc(books.createdAt)).all();
}

export function saveBook(id: string | null, input: { title: string; coverUrl: string; description: string }, createdBy: string) {
  const now = new Date();
  if (id) {
    return (
      db()
        .update(books)
        .set({ title: input.title, coverUrl: input.coverUrl, description: input.description || null, updatedAt: now })
        .where(eq(books.id, id))
        .run().changes > 0
    );
  }
  db()
    .insert(books)
    .values({ id: newId(), title: input.title, coverUrl: input.coverUrl, description: input.description || null, createdBy, createdAt: now, updatedAt: now })
    .run();
  return true;
}

export function deleteBook(id: string) {
  return db().delete(books).where(eq(books.id, id)).run().changes > 0;
}

/* ---------------------------------------------------------------- announcements */

export type AnnouncementFilters = { q: string; type: string; target: string };

export function listAnnouncements(f: AnnouncementFilters, now = Date.now()) {
  const parts: SQL[] = [];
  if (f.q)
    parts.push(
      or(
        sql`lower(${announcements.title}) LIKE ${likePattern(f.q)} ESCAPE '\\'`,
        sql`lower(${announcements.content}) LIKE ${likePattern(f.q)} ESCAPE '\\'`,
      ) as SQL,
    );
  if (f.type) parts.push(sql`${announcements.type} = ${f.type}`);
  if (f.target) parts.push(sql`${announcements.targetType} = ${f.target}`);
  const monthStart = new Date(now);
  monthStart.setUTCDate(1);
  monthStart.setUTCHours(0, 0, 0, 0);
  const summary = db().get<{ total: number; active: number; scheduled: number; month: number }>(sql`
    SELECT COUNT(*) AS total, COALESCE(SUM(is_active), 0) AS active,
           COALESCE(SUM(scheduled_for IS NOT NULL AND scheduled_for > ${now}), 0) AS scheduled,
           COALESCE(SUM(created_at >= ${+monthStart}), 0) AS month
    FROM announcements`);
  const rows = db()
    .select()
    .from(announcements)
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(desc(announcements.createdAt))
    .limit(200)
    .all();
  const ids = rows.map((r) => r.id);
  const types = new Map<string, string[]>();
  const targetCounts = new Map<string, number>();
  if (ids.length) {
    for (const t of db().select().from(announcementExamTypes).where(inArray(announcementExamTypes.announcementId, ids)).all()) {
      types.set(t.announcementId, [...(types.get(t.announcementId) ?? []), t.examType]);
    }
    for (const u of db()
      .select({ id: announcementUsers.announcementId, n: count() })
      .from(announcementUsers)
      .where(inArray(announcementUsers.announcementId, ids))
      .groupBy(announcementUsers.announcementId)
      .all()) {
      targetCounts.set(u.id, u.n);
    }
    for (const b of db()
      .select({ id: announcementBatches.announcementId, n: count() })
      .from(announcementBatches)
      .where(inArray(announcementBatches.announcementId, ids))
      .groupBy(announcementBatches.announcementId)
      .all()) {
      if (!targetCounts.has(b.id)) targetCounts.set(b.id, b.n);
    }
  }
  return {
    summary: summary ?? { total: 0, active: 0, scheduled: 0, month: 0 },
    rows: rows.map((r) => ({ ...r, examTypes: types.get(r.id) ?? [], userCount: targetCounts.get(r.id) ?? 0 })),
  };
}

export function findAnnouncement(id: string) {
  const a = db().select().from(announcements).where(eq(announcements.id, id)).get();
  if (!a) return null;
  const examTypes = db()
    .select()
    .from(announcementExamTypes)
    .where(eq(announcementExamTypes.announcementId, id))
    .all()
    .map((r) => r.examType);
  const targetUsers = db()
    .select({ id: users.id, email: userSignInName, name: users.name })
    .from(announcementUsers)
    .innerJoin(users, eq(users.id, announcementUsers.userId))
    .where(eq(announcementUsers.announcementId, id))
    .all();
  const batchIds = db()
    .select({ id: announcementBatches.batchId })
    .from(announcementBatches)
    .where(eq(announcementBatches.announcementId, id))
    .all()
    .map((r) => r.id);
  return { ...a, examTypes, targetUsers, batchIds };
}

export type AnnouncementInput = {
  title: string;
  content: string;
  type: "general" | "course" | "test" | "admission" | "other";
  imageUrl: string | null;
  targetType: "all" | "examType" | "specific" | "batch";
  targetExamTypes: string[];
  targetUserIds: string[];
  targetBatchIds?: string[];
  scheduledFor: Date | null;
  isActive: boolean;
};

/** Creates or updates an announcement and its targets in one transaction. Targets that do not match the target type are dropped. */
export function saveAnnouncement(id: string | null, input: AnnouncementInput, createdBy: string): string {
  const now = new Date();
  const annId = id ?? newId();
  transaction((tx) => {
    const fields = {
      title: input.title,
      content: input.content,
      type: input.type,
      imageUrl: input.imageUrl,
      targetType: input.targetType,
      scheduledFor: input.scheduledFor,
      isActive: input.isActive,
      updatedAt: now,
    };
    if (id) tx.update(announcements).set(fields).where(eq(announcements.id, id)).run();
    else
      tx.insert(announcements)
        .values({ id: annId, ...fields, createdBy, createdAt: now })
        .run();
    tx.delete(announcementExamTypes).where(eq(announcementExamTypes.announcementId, annId)).run();
    tx.delete(announcementUsers).where(eq(announcementUsers.announcementId, annId)).run();
    tx.delete(announcementBatches).where(eq(announcementBatches.announcementId, annId)).run();
    if (input.targetType === "batch" && input.targetBatchIds?.length) {
      // only batches there are (a stale form's deleted batch is left out)
      const known = new Set(
        tx
          .select({ id: batches.id })
          .from(batches)
          .where(inArray(batches.id, input.targetBatchIds))
          .all()
          .map((b) => b.id),
      );
      const ids = [...new Set(input.targetBatchIds)].filter((b) => known.has(b));
      if (ids.length)
        tx.insert(announcementBatches)
          .values(ids.map((batchId) => ({ announcementId: annId, batchId })))
          .run();
    }
    if (input.targetType === "examType" && input.targetExamTypes.length) {
      tx.insert(announcementExamTypes)
        .values([...new Set(input.targetExamTypes)].map((examType) => ({ announcementId: annId, examType })))
        .run();
    }
    if (input.targetType === "specific" && input.targetUserIds.length) {
      tx.insert(announcementUsers)
        .values([...new Set(input.targetUserIds)].map((userId) => ({ announcementId: annId, userId })))
        .run();
    }
  });
  return annId;
}

export function setAnnouncementActive(id: string, isActive: boolean) {
  return db().update(announcements).set({ isActive, updatedAt: new Date() }).where(eq(announcements.id, id)).run().changes > 0;
}

export function deleteAnnouncement(id: string) {
  return db().delete(announcements).where(eq(announcements.id, id)).run().changes > 0;
}

/** Resolves e-mail addresses (one per line or comma separated) to student ids; unknown ones are reported. */
/**
 * Saves the announcement form (new when `id` is null): the schedule read in the academy's time zone,
 * the audience resolved to students. Problems come back per field, nothing written.
 */
export function saveAnnouncementForm(
  id: string | null,
  form: AnnouncementForm,
  timeZone: string,
  createdBy: string,
): { ok: true; id: string } | { ok: false; fieldErrors: Record<string, string[]> } {
  let scheduledFor: Date | null = null;
  if (form.scheduledFor) {
    scheduledFor = fromZonedInput(form.scheduledFor, timeZone);
    if (!scheduledFor) return { ok: false, fieldErrors: { scheduledFor: ["Enter the schedule as a date and time"] } };
  }
  let targetUserIds: string[] = [];
  if (form.targetType === "specific") {
    const resolved = resolveUserEmails(form.targetEmails);
    if (resolved.unknown.length)
      return {
        ok: false,
        fieldErrors: { targetEmails: [`No user with the e-mail ${resolved.unknown.slice(0, 3).join(", ")}${resolved.unknown.length > 3 ? " …" : ""}`] },
      };
    if (!resolved.ids.length) return { ok: false, fieldErrors: { targetEmails: [ADD_STUDENT] } };
    targetUserIds = resolved.ids;
  }
  const savedId = saveAnnouncement(
    id,
    {
      title: form.title,
      content: form.content,
      type: form.type,
      imageUrl: form.imageUrl || null,
      targetType: form.targetType,
      targetExamTypes: form.targetType === "examType" ? form.targetExamTypes : [],
      targetUserIds,
      targetBatchIds: form.targetType === "batch" ? form.targetBatches : [],
      scheduledFor,
      isActive: form.isActive === "on",
    },
    createdBy,
  );
  return { ok: true, id: savedId };
}

export function resolveUserEmails(text: string): { ids: string[]; unknown: string[] } {
  const names = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((typed) => normalizeSignInName(typed)),
    ),
  ].slice(0, 1000);
  if (!names.length) return { ids: [], unknown: [] };
  // e-mails and roll numbers / phones: students without an e-mail are named by the latter
  const found = db()
    .select({ id: users.id, email: users.email, rollNumber: users.rollNumber })
    .from(users)
    .where(or(inArray(users.email, names), inArray(users.rollNumber, names)))
    .all();
  const known = new Set(found.flatMap((f) => [f.email, f.rollNumber]));
  return { ids: found.map((f) => f.id), unknown: names.filter((e) => !known.has(e)) };
}

/**
 * E-mails an announcement to its audience (active students with an e-mail address, as the dashboard's panel
 * would show it to them) when it is active and published now; returns how many messages were queued.
 */
export function emailAnnouncement(id: string, siteUrl: string, now = Date.now()): number {
  const a = db().get<{ title: string; content: string }>(
    sql`SELECT title, content FROM announcements WHERE id = ${id} AND is_active = 1 AND (scheduled_for IS NULL OR scheduled_for <= ${now})`,
  );
  if (!a) return 0;
  const people = db().all<{ email: string }>(sql`
    SELECT u.email FROM users u, announcements a
    WHERE a.id = ${id} AND u.role = 'user' AND u.status = 'active' AND u.email IS NOT NULL
      AND (a.target_type = 'all'
        OR (a.target_type = 'examType' AND EXISTS (SELECT 1 FROM announcement_exam_types t JOIN user_exam_types ue ON ue.exam_type = t.exam_type
                                                   WHERE t.announcement_id = a.id AND ue.user_id = u.id))
        OR (a.target_type = 'specific' AND EXISTS (SELECT 1 FROM announcement_users au WHERE au.announcement_id = a.id AND au.user_id = u.id))
        OR (a.target_type = 'batch' AND EXISTS (SELECT 1 FROM announcement_batches ab JOIN batch_members bm ON bm.batch_id = ab.batch_id
                                               WHERE ab.announcement_id = a.id AND bm.user_id = u.id)))`);
  const text = announcementMail(a.title, a.content, siteUrl);
  return enqueueMail(
    "announcement",
    people.map((p) => ({ to: p.email, ...text })),
  );
}
