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
 * Whether a request comes from a signed-in browser (it carries the session cookie): every answer to one is
 * sent `Cache-Control: no-store` (server/start.js), pages, data requests and downloads alike, so no shared or
 * back-button cache keeps a person's data after signing out. Decided by the request, never by a list of paths.
 */
export function isPrivateRequest(cookieHeader: string | null | undefined): boolean {
  return !!cookieHeader && /(?:^|;)\s*__session=/.test(cookieHeader);
}

const EXAM_FORM_PATH = /^\/test\/([^/]+)$/;

/** The still-escaped test id of a path that is the exam page's own form (`/test/:id`, not its `.data` or the results). */
export function examFormTestId(pathname: string): string | null {
  const match = EXAM_FORM_PATH.exec(pathname);
  return match && !match[1].endsWith(".data") ? match[1] : null;
}
