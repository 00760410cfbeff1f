import type { LoaderData } from "~/lib/browser/loader-data";
import type { loadExamPage } from "~/models/exam-page.server";

/** The exam page's data (app/models/exam-page.server.ts) as the page receives it. */
type ExamPage = LoaderData<ReturnType<typeof loadExamPage>>;
/** The exam route's data while an attempt runs, as the exam's components receive it. */
export type ExamPageData = Extract<ExamPage, { state: "in-progress" }>;
/** The exam route's data before an attempt: the start card's. */
export type ReadyPage = Extract<ExamPage, { state: "ready" }>;

/** What the exam form's post answers when it does not redirect: a refusal to show (the route's action). */
export type ExamFormRefusal = { error: string };
