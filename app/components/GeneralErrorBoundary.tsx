import type { ReactNode } from "react";
import { type ErrorResponse, isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { errorMessageOf, SOMETHING_WENT_WRONG } from "~/lib/rules/error-messages";

/** What an error page shows for one thrown status: the message (the route's own words, or the status's). */
export type StatusHandler = (info: { error: ErrorResponse; message: string; again: string }) => ReactNode;

function ErrorPage({ title, status, children }: { title: string; status: number; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center" data-testid="error-page">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">Error {status}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </main>
  );
}

/**
 * The error page of every area, as Epic Stack's: a handler per thrown status, one for any other status, and one
 * for an error that is not a response at all (a fault). Each layout renders it inside its own frame (the root's
 * navigation bar, the admin tabs), so an error in a dialog or a page does not take the rest of the frame with it.
 * - 404 and 403: the words, and the way back to the area's start;
 * - 503 (busy, or a database that could not answer: guarded-build.server.ts): the words and Try again, which
 *   asks for the same page once more; nothing was lost;
 * - anything unexpected: "Something went wrong", Try again and the way back; nothing of the fault is shown.
 */
export function GeneralErrorBoundary({
  backHref = "/",
  backLabel = "Go to the home page",
  statusHandlers,
  defaultStatusHandler,
  unexpectedErrorHandler,
}: {
  backHref?: string;
  backLabel?: string;
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  defaultStatusHandler?: StatusHandler;
  unexpectedErrorHandler?: (again: string) => ReactNode;
}) {
  const error = useRouteError();
  const location = useLocation();
  const again = `${location.pathname}${location.search}`;
  const back = (
    <Link to={backHref} className="btn-primary">
      {backLabel}
    </Link>
  );
  const tryAgain = (
    <Link to={again} reloadDocument className="btn-secondary">
      Try again
    </Link>
  );
  const handlers: Partial<Record<number, StatusHandler>> = {
    503: ({ error: e, message }) => (
      <ErrorPage title={message} status={e.status}>
        {tryAgain}
        {back}
      </ErrorPage>
    ),
    ...statusHandlers,
  };
  const byDefault: StatusHandler =
    defaultStatusHandler ??
    (({ error: e, message }) => (
      <ErrorPage title={message} status={e.status}>
        {back}
      </ErrorPage>
    ));
  if (isRouteErrorResponse(error)) {
    const message = errorMessageOf(error.status, error.data);
    return <>{(handlers[error.status] ?? byDefault)({ error, message, again })}</>;
  }
  if (unexpectedErrorHandler) return <>{unexpectedErrorHandler(again)}</>;
  return (
    <ErrorPage title={SOMETHING_WENT_WRONG} status={500}>
      {tryAgain}
      {back}
    </ErrorPage>
  );
}

/** The error page of the student's pages (dashboard, progress, the exam and its results). */
export function StudentErrorBoundary() {
  return <GeneralErrorBoundary backHref="/dashboard" backLabel="Back to Dashboard" />;
}
