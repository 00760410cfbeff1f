import type { LoaderData } from "~/lib/browser/loader-data";
import type { loadLanding } from "~/models/landing.server";

/** The landing page's data (app/models/landing.server.ts), as its sections receive it. */
export type LandingData = LoaderData<ReturnType<typeof loadLanding>>;

/** What the landing page's contact form post answers when the server refuses it (the route's action). */
export type ContactRefusal = { ok?: boolean; contactError?: string; values?: Record<string, unknown> };

/** The academy's contact as the landing page shows it (Admin → Academy settings). */
export type AcademyContactShown = { phone: string; whatsappNumber: string; email: string; address: string };
