import { sql } from "drizzle-orm";
import { byStudentInterest, matchesTestFilter, type TestFilter, testFilterOf } from "~/lib/rules/test-list";
import { env } from "~/lib/server/env.server";
import { studentTestCards } from "~/models/dashboard.server";
import { examTypeLabels, labelOf } from "~/models/exam-type.server";
import { scoreHeldTestIds } from "~/models/results.server";
import type { SessionUser } from "~/models/user.server";

/**
 * All my tests (/tests): every test the student can see, across their exam types and units, in one list:
 * searched (title, description, unit), filtered (open now, upcoming, …), a page at a time.
 *
 * The list is worked out per student in full before it is filtered: whether a test is open depends on the
 * student's batch and personal windows, which SQL does not see. A student sees the tests of their exam types
 * (hundreds at most), so this stays a few milliseconds.
 */
export const TESTS_PAGE = 20;
export type AllTestsQuery = { q: string; exam: string; filter: TestFilter | null; page: number };

export function parseAllTestsQuery(url: URL): AllTestsQuery {
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    exam: (url.searchParams.get("exam") ?? "").slice(0, 100),
    filter: testFilterOf(url.searchParams.get("filter")),
    page: Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1)),
  };
}

export function allTestsPage(user: SessionUser, query: AllTestsQuery, now = Date.now()) {
  const labels = examTypeLabels();
  const types = user.assignedExamTypes.filter((t) => t !== "CUSTOM");
  const chosen = query.exam && types.includes(query.exam) ? [query.exam] : types;
  const cards = chosen.length
    ? studentTestCards(
        user,
        sql`t.exam_type IN (${sql.join(
          chosen.map((t) => sql`${t}`),
          sql`, `,
        )})`,
        query.q,
        labels,
        scoreHeldTestIds(user.id),
        now,
      )
    : [];
  const matching = cards.filter((t) => matchesTestFilter(t, query.filter)).sort(byStudentInterest);
  const pages = Math.max(1, Math.ceil(matching.length / TESTS_PAGE));
  const page = Math.min(query.page, pages);
  return {
    query: { ...query, page },
    hasTypes: types.length > 0,
    examOptions: types.map((value) => ({ value, label: labelOf(labels, value) })),
    total: matching.length,
    everything: cards.length,
    page,
    pages,
    tests: matching.slice((page - 1) * TESTS_PAGE, page * TESTS_PAGE),
    now,
    timeZone: env().ACADEMY_TIME_ZONE,
  };
}
