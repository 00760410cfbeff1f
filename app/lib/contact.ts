import { z } from "zod";

export const FILL_ALL = "Please fill in all fields";
export const INVALID_EMAIL = "Please enter a valid email address";

/** spec: text, at sign, text, dot, text */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const contactSchema = z
  .object({
    firstName: z.string().trim().max(100),
    lastName: z.string().trim().max(100),
    email: z.string().trim().max(200),
    subject: z.string().trim().max(200),
    message: z.string().trim().max(5000),
  })
  .superRefine((v, ctx) => {
    if (!v.firstName || !v.lastName || !v.email || !v.subject || !v.message) {
      ctx.addIssue({ code: "custom", message: FILL_ALL, path: ["form"] });
      return;
    }
    if (!SIMPLE_EMAIL.test(v.email)) ctx.addIssue({ code: "custom", message: INVALID_EMAIL, path: ["email"] });
  });

export type ContactMessage = z.infer<typeof contactSchema>;

/** The mailto: address that opens the visitor's mail client with the message ready to send. */
export function contactMailto(to: string, m: ContactMessage): string {
  const body = `Name: ${m.firstName} ${m.lastName}\nEmail: ${m.email}\n\n${m.message}`;
  return `mailto:${to}?subject=${encodeURIComponent(m.subject)}&body=${encodeURIComponent(body)}`;
}
