import { z } from "zod";

export const SITE_TEXT_MAX = 20_000;

/** Admin → Site texts: one page's text. */
export const siteTextSchema = z.object({
  body: z
    .string({ message: "Write the page's text" })
    .trim()
    .min(1, "Write the page's text")
    .max(SITE_TEXT_MAX, `The text is too long (at most ${SITE_TEXT_MAX.toLocaleString("en-IN")} characters)`),
});
