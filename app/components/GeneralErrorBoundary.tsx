import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { errorMessageOf } from "~/lib/rules/error-messages";

/**
 * The error page of every area: the thrown status's own message (`errorMessageOf`), its number, and a way
 * back. Each layout renders it inside its own frame (the root's navigation bar, the admin tabs), so an error
 * in a dialog or a page does not take the rest of the site's frame with it.
 */
export function GeneralErrorBoundary({ backHref = "/", backLabel = "Go to the home page" }: { backHref?: string; backLabel?: string }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = errorMessageOf(status, isRouteErrorResponse(error) ? error.data : undefined);
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center" data-testid="error-page">
      <h1 className="text-2xl font-bold">{message}</h1>
      <p className="mt-2 text-slate-600">Error {status}</p>
      <Link to={backHref} className="btn-primary mt-6">
        {backLabel}
      </Link>
    </main>
  );
}

/** The error page of the student's pages (dashboard, progress, the exam and its results). */
export function StudentErrorBoundary() {
  return <GeneralErrorBoundary backHref="/dashboard" backLabel="Back to Dashboard" />;
}
