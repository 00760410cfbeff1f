/** The contact form's rules (spec 000 §5), shared by the browser and the server. No dependencies. */
export const FILL_ALL = "Please fill in all fields";
export const INVALID_EMAIL = "Please enter a valid email address";

/** spec: text, at sign, text, dot, text */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ContactMessage = { firstName: string; lastName: string; email: string; subject: string; message: string };
export const CONTACT_FIELDS = ["firstName", "lastName", "email", "subject", "message"] as const;

/** The trimmed message, or the spec's message for what is wrong with it. */
export function checkContact(values: Record<string, unknown>): { ok: true; value: ContactMessage } | { ok: false; error: string } {
  const v = Object.fromEntries(CONTACT_FIELDS.map((k) => [k, String(values[k] ?? "").trim()])) as ContactMessage;
  if (CONTACT_FIELDS.some((k) => !v[k])) return { ok: false, error: FILL_ALL };
  if (!SIMPLE_EMAIL.test(v.email)) return { ok: false, error: INVALID_EMAIL };
  if (v.message.length > 5000 || CONTACT_FIELDS.some((k) => k !== "message" && v[k].length > 200))
    return { ok: false, error: "Please keep the message shorter" };
  return { ok: true, value: v };
}

/** The mailto: address that opens the visitor's mail client with the message ready to send. */
export function contactMailto(to: string, m: ContactMessage): string {
  const body = `Name: ${m.firstName} ${m.lastName}\nEmail: ${m.email}\n\n${m.message}`;
  return `mailto:${to}?subject=${encodeURIComponent(m.subject)}&body=${encodeURIComponent(body)}`;
}
