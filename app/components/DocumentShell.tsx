import type { ReactNode } from "react";
import stylesheet from "~/tailwind.css?url";

/** The stylesheet and icon of every page (root.tsx `links`, and the plain pages' head). */
export const siteLinks = [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The html, head and body of every page (root.tsx's Layout puts its head, bars and scripts in it; a plain page's
 * scripts are one line, app/lib/rules/plain-page.ts).
 */
export function DocumentShell({ head, top, children, end }: { head: ReactNode; top: ReactNode; children: ReactNode; end: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {head}
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {top}
        {children}
        {end}
      </body>
    </html>
  );
}
