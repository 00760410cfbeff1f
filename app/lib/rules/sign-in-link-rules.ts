/** One-time sign-in links (pure; unit-tested). */
export const SIGN_IN_LINK_DAYS = 7;
export const LINK_USED = "This sign-in link has already been used. Sign in with the password you set, or ask the academy for a new link.";
export const LINK_EXPIRED = "This sign-in link has expired. Ask the academy for a new one.";
export const LINK_UNKNOWN = "This sign-in link is not valid. Check that you copied all of it, or ask the academy for a new one.";

export type LinkState = "valid" | "used" | "expired" | "unknown";

export function linkState(link: { expiresAt: Date | number; usedAt: Date | number | null } | undefined, now: number = Date.now()): LinkState {
  if (!link) return "unknown";
  if (link.usedAt !== null) return "used";
  return +link.expiresAt > now ? "valid" : "expired";
}

export function linkMessage(state: LinkState): string {
  return state === "used" || state === "valid" ? LINK_USED : state === "expired" ? LINK_EXPIRED : LINK_UNKNOWN;
}

/** A token as it appears in a link: 32 random bytes, base64url (43 characters). */
export function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
