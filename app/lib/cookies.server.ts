import { createCookie } from "@remix-run/node";

/** The dashboard's announcements panel stays hidden for the rest of the visit once dismissed. */
export const hiddenAnnouncementsCookie = createCookie("dash_announcements_hidden", { path: "/", httpOnly: true, sameSite: "lax" });

/** The landing page's on-load announcement stays closed (30 days) once closed; the cookie holds its id. */
export const closedPopupCookie = createCookie("landing_popup_closed", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 30 * 86_400 });
