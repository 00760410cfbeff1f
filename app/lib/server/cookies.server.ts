import { createCookie } from "@remix-run/node";

/**
 * The dashboard's announcements a student dismissed (×), by id: each stays out of the panel, a new one
 * still shows, and "All announcements" lists them all. The newest DISMISSED_KEPT ids are kept, a year.
 */
export const dismissedAnnouncementsCookie = createCookie("dash_announcements_dismissed", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 365 * 86_400,
});
export const DISMISSED_KEPT = 50;

/** The ids in a dismissed-announcements cookie (anything unreadable is none). */
export async function dismissedAnnouncements(cookieHeader: string | null): Promise<string[]> {
  try {
    const value = await dismissedAnnouncementsCookie.parse(cookieHeader);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string").slice(0, DISMISSED_KEPT) : [];
  } catch {
    return [];
  }
}

/** The landing page's on-load announcement stays closed (30 days) once closed; the cookie holds its id. */
export const closedPopupCookie = createCookie("landing_popup_closed", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 30 * 86_400 });
