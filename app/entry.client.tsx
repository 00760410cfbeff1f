import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { SCRIPTED_COOKIE_VALUE } from "~/lib/rules/plain-page";

// this browser runs the site's script: its exam and results pages are the framework's, with autosave
// and the live clock, not the plain ones (app/lib/rules/plain-page.ts)
// biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many of the phones this is for
document.cookie = SCRIPTED_COOKIE_VALUE;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
