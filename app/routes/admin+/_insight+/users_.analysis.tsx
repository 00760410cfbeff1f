import { plural } from "~/lib/rules/words";
import { formatPercent } from "~/lib/rules/progress-rules";
import { pageParam } from "~/lib/schemas/forms";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge, EmptyState, PageHeader, Pagination, FilterForm, FilterSelect, SearchField } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { band, bandClasses } from "~/lib/rules/score-display";
import { formatDate } from "~/lib/rules/time";
import { ANALYSIS_SORTS, type AnalysisSort } from "~/lib/rules/analytics-rules";
import { batchOptions } from "~/models/batches.server";
import { userAnalysisList } from "~/models/analytics.server";
import { BackLink } from "~/components/admin/ui";

export const meta: MetaFunction = () => [{ title: "User Analysis" }];

const SORT_LABELS: Record<AnalysisSort, string> = { name: "Name A-Z", attempts: "Most Attempts", average: "Highest Average Score", recent: "Recent Activity" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const s = url.searchParams.get("sort") as AnalysisSort;
  const sort: AnalysisSort = (ANALYSIS_SORTS as readonly string[]).includes(s) ? s : "name";
  const page = pageParam(url.searchParams.get("page"));
  const batch = url.searchParams.get("batch") ?? "";
  return { q, sort, page, batch, batches: batchOptions(), ...userAnalysisList(q, sort, page, batch) };
}

export default function UserAnalysis() {
  const d = useLoaderData<typeof loader>();
  return (
    <main>
      <BackLink to="/admin">Overview</BackLink>
      <PageHeader title="User Analysis" />
      <FilterForm>
        <SearchField id="ua-q" label="Search by name or email" defaultValue={d.q} />
        <FilterSelect id="ua-batch" name="batch" label="Batch" defaultValue={d.batch} allLabel="All batches" options={d.batches} />
        <div>
          <label htmlFor="ua-sort" className="label">
            Sort
          </label>
          <select id="ua-sort" name="sort" defaultValue={d.sort} className="input">
            {ANALYSIS_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      {d.rows.length === 0 ? (
        <EmptyState title="No users found matching your criteria." />
      ) : (
        <ul className="space-y-2">
          {d.rows.map((u) => (
            <li key={u.id} className="card flex flex-wrap items-center gap-3 p-3" data-testid="analysis-row">
              <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
                {u.name.trim().charAt(0).toUpperCase() || "?"}
              </span>
              <div className="min-w-[12rem] flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {u.name} <Badge>{u.role}</Badge> {u.status === "active" ? <Badge tone="green">active</Badge> : <Badge tone="red">inactive</Badge>}
                </p>
                <p className="truncate text-sm text-slate-500">{u.email}</p>
                <p className="text-xs text-slate-500">
                  Joined {formatDate(u.joinDate)} · Last active {u.lastActive ? formatDate(u.lastActive) : "never"}
                </p>
              </div>
              <div className="text-sm">
                {plural(u.attempts, "attempt")} ·{" "}
                {u.average === null ? "—" : <span className={`badge ${bandClasses[band(u.average)]}`}>{formatPercent(u.average)}</span>}
                {u.average === null ? null : <span className="ml-1 text-xs text-slate-500">average of attempts</span>}
              </div>
              <Link to={`/admin/users/${u.id}`} className="btn-secondary px-3 py-1.5">
                View Analysis
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.page} pages={d.pages} />
    </main>
  );
}
