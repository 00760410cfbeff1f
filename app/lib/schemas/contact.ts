import { z } from "zod";
import { checkContact } from "../rules/contact-rules";

export { contactMailto, FILL_ALL, INVALID_EMAIL, SIMPLE_EMAIL } from "../rules/contact-rules";

/** The server's schema of the contact form: the shared rules, as a zod schema (the browser uses checkContact directly to ship no zod). */
export const contactSchema = z
  .object({
    firstName: z.string().optional().default(""),
    lastName: z.string().optional().default(""),
    email: z.string().optional().default(""),
    subject: z.string().optional().default(""),
    message: z.string().optional().default(""),
  })
  .transform((v, ctx) => {
    const checked = checkContact(v);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.error });
      return z.NEVER;
    }
    return checked.value;
  });
