import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { Badge, EmptyState, FilterSelect, PageHeader, Pagination } from "~/components/admin/ui";
import { ScrollableTable } from "~/components/ScrollableTable";
import { percent } from "~/lib/rules/score-display";
import { requireAdmin } from "~/models/auth.server";
import { BANK_PAGE, bankTags, listBank, parseBankFilters } from "~/models/bank.server";
import { examTypeLabels, testExamTypeOptions } from "~/models/exam-type.server";
import { BackLink } from "~/components/admin/ui";
import { RichText } from "~/components/RichText";

/**
 * The question bank (/admin/bank): every question ever uploaded, once each however many tests have it (and after its
 * tests are deleted), with its tags, exam types and statistics over every test and version; searched and filtered
 * 50 a page. Edit tags is a dialog route; a question's own page edits it; Generate a test has its own page.
 */
export const meta: MetaFunction = () => [{ title: "Question Bank" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filters = parseBankFilters(new URL(request.url));
  return { filters, ...listBank(filters), tags: bankTags(filters.type), types: testExamTypeOptions(), labels: examTypeLabels(), pageSize: BANK_PAGE };
}

export default function QuestionBank() {
  const d = useLoaderData<typeof loader>();
  const f = d.filters;
  const search = useLocation().search;
  const filtered = f.q || f.type || f.section || f.topic;
  return (
    <main>
      <BackLink to="/admin/tests">Test Management</BackLink>
      <PageHeader
        title="Question Bank"
        description="Every question ever uploaded, once each, kept when its test is deleted, with how it has gone across tests (figures up to a minute behind)."
      >
        <Link to="/admin/bank/taken-out" className="btn-secondary">
          Taken Out
        </Link>
        <Link to={`/admin/bank/generate${f.type ? `?type=${encodeURIComponent(f.type)}` : ""}`} className="btn-primary">
          Generate a Test
        </Link>
      </PageHeader>
      <Form method="get" className="card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <label htmlFor="bank-q" className="label">
            Search questions and options
          </label>
          <input id="bank-q" name="q" type="search" defaultValue={f.q} className="input" />
        </div>
        <FilterSelect id="bank-type" name="type" label="Exam type" defaultValue={f.type} allLabel="All exam types" options={d.types} />
        <FilterSelect
          id="bank-section"
          name="section"
          label="Section"
          defaultValue={f.section}
          allLabel="Any section"
          options={[{ value: "-", label: "No section" }, ...d.tags.sections.map((s) => ({ value: s.tag, label: `${s.tag} (${s.n})` }))]}
        />
        <FilterSelect
          id="bank-topic"
          name="topic"
          label="Topic"
          defaultValue={f.topic}
          allLabel="Any topic"
          options={[{ value: "-", label: "No topic" }, ...d.tags.topics.map((s) => ({ value: s.tag, label: `${s.tag} (${s.n})` }))]}
        />
        <div className="flex items-end gap-2 lg:col-span-5">
          <button type="submit" className="btn-secondary">
            Filter
          </button>
          {filtered ? (
            <Link to="/admin/bank" className="btn-secondary">
              Show all
            </Link>
          ) : null}
          <span className="text-sm text-slate-600">
            {d.total} question{d.total === 1 ? "" : "s"}
          </span>
        </div>
      </Form>
      {d.rows.length === 0 ? (
        <EmptyState
          title={filtered ? "No question matches" : "The bank is empty"}
          text={filtered ? "Try other words or filters." : "Upload a test and its questions come into the bank."}
        />
      ) : (
        <ScrollableTable label="Question bank (scrolls sideways)">
          <table className="w-full text-left text-sm" data-testid="bank">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
              <tr>
                <th className="px-3 py-2">Question</th>
                <th className="px-3 py-2">Tags</th>
                <th className="px-3 py-2 text-right">Tests</th>
                <th className="px-3 py-2 text-right">Answered</th>
                <th className="px-3 py-2 text-right">Right</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.rows.map((q) => (
                <tr key={q.key} data-testid="bank-row" className="align-top">
                  <td className="min-w-[16rem] px-3 py-2">
                    <p className="line-clamp-2 font-medium">
                      <RichText text={q.question} />
                    </p>
                    <p className="text-xs text-slate-600">
                      Answer: <RichText text={q.options[q.correctAnswer] ?? "—"} /> · {q.types.map((t) => d.labels[t] ?? t).join(", ")}
                    </p>
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-1">
                      {q.section ? <Badge tone="brand">{q.section}</Badge> : null}
                      {q.topic ? <Badge>{q.topic}</Badge> : null}
                      {!q.section && !q.topic ? <span className="text-slate-600">—</span> : null}
                    </div>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{q.tests}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{q.seen}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{q.seen ? `${percent(q.correct, q.seen)}%` : "—"}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <div className="flex gap-1">
                      <Link to={`/admin/bank/${q.key}`} className="btn-secondary px-2 py-1 text-xs">
                        Edit{q.version > 1 ? ` (v${q.version})` : ""}
                      </Link>
                      <Link to={`/admin/bank/${q.key}/tags${search}`} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                        Edit tags
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      )}
      <Pagination page={f.page} pages={Math.max(1, Math.ceil(d.total / d.pageSize))} />
      <Outlet />
    </main>
  );
}
