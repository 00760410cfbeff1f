import type { useLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/_exam+/test.$testId";

/** The exam route's data while an attempt runs, as the exam's components receive it. */
export type ExamPageData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "in-progress" }>;
/** The exam route's data before an attempt: the start card's. */
export type ReadyPage = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "ready" }>;
