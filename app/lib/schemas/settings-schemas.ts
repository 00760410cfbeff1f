import { z } from "zod";

/** Admin → Academy settings: the contact students see and the exams open to self sign-up (one schema, both sides). */
export const academySettingsSchema = z.object({
  phone: z.string({ message: "Enter the academy's phone number" }).trim().min(1, "Enter the academy's phone number").max(40, "Phone number is too long"),
  whatsappNumber: z
    .string({ message: "Enter the WhatsApp number with its country code" })
    .transform((v) => v.replace(/[\s()+-]/g, ""))
    .pipe(z.string().regex(/^\d{8,15}$/, "Enter the WhatsApp number with its country code, digits only (e.g. 919876543210)")),
  email: z.string({ message: "Enter the academy's e-mail address" }).trim().toLowerCase().pipe(z.email("Enter a valid e-mail address")),
  address: z.string().trim().max(200, "Address is too long").optional().default(""),
  selfSignUpExamTypes: z.array(z.string().max(100)).max(100).optional().default([]),
});
export type AcademySettingsInput = z.output<typeof academySettingsSchema>;

/** A batch's join code as typed: letters and digits, case and spaces ignored. */
export const joinCodeSchema = z.object({
  joinCode: z
    .string({ message: "Enter the join code the academy gave you" })
    .transform((v) => v.replace(/[\s-]/g, "").toUpperCase())
    .pipe(z.string().min(1, "Enter the join code the academy gave you").max(32, "This join code is not known. Check it with the academy.")),
});
