/** Where each role belongs, and the route table of spec section 2 as pure functions. */
export type Role = "user" | "admin";

export function homeFor(role: Role): string {
  return role === "admin" ? "/admin" : "/dashboard";
}

export type Access = "public" | "signed-out" | "student" | "admin" | "signed-in";

/**
 * Decides what happens when a visitor with `role` (or none) opens a route of the given access kind:
 * `null` means the page is shown, a string is the redirect target.
 */
export function guardRedirect(access: Access, role: Role | null): string | null {
  switch (access) {
    case "public":
    case "signed-out":
      return role ? homeFor(role) : null;
    case "student":
      return role === "user" ? null : "/login";
    case "admin":
      return role === "admin" ? null : "/login";
    case "signed-in":
      return role ? null : "/login";
  }
}

/**
 * Pages that show one person's data (the exam, results, the dashboard, every admin page, a sign-in link): sent with
 * `Cache-Control: no-store` so no shared or back-button cache keeps them.
 */
export function isPrivatePage(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "");
  return /^\/(admin|dashboard|progress|test|welcome)(\/|$)/.test(path);
}

const EXAM_FORM_PATH = /^\/test\/([^/]+)$/;

/** The still-escaped test id of a path that is the exam page's own form (`/test/:id`, not its `.data` or the results). */
export function examFormTestId(pathname: string): string | null {
  const match = EXAM_FORM_PATH.exec(pathname);
  return match && !match[1].endsWith(".data") ? match[1] : null;
}
