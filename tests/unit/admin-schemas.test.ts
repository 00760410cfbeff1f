import { describe, expect, it } from "vitest";
import {
  ADD_STUDENT,
  addUserSchema,
  announcementSchema,
  assignExamTypesSchema,
  BOOK_COVER_REQUIRED,
  BOOK_TITLE_REQUIRED,
  bookSchema,
  CHOOSE_EXAM_TYPE,
  CONTENT_LIMITS,
  FILL_ALL_FIELDS,
  GLOBAL_LIMIT_MESSAGE,
  globalLimitSchema,
  INVALID_DRIVE_LINK,
  INVALID_IMAGE_URL,
  materialSchema,
  perTestLimitSchema,
  TITLE_CONTENT_REQUIRED,
} from "~/lib/schemas/admin-schemas";
import { MAX_ATTEMPTS_MESSAGE } from "~/lib/schemas/test-record";

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe("the user record's schemas", () => {
  it("Add User: required fields, a lower-cased e-mail, a 6-character password, names in any script", () => {
    const ok = addUserSchema.parse({ name: "  தமிழ்செல்வி ", email: "Tamil@Example.TEST", password: "secret", examTypes: ["TET"] });
    expect(ok).toEqual({ name: "தமிழ்செல்வி", email: "tamil@example.test", password: "secret", role: "user", examTypes: ["TET"] });
    expect(messages(addUserSchema.safeParse({ name: "", email: "a@b.co", password: "secret" }))).toEqual(["Please fill in all fields"]);
    expect(messages(addUserSchema.safeParse({ name: "A", email: "not-mail", password: "secret" }))).toEqual(["Please enter a valid email address"]);
    expect(messages(addUserSchema.safeParse({ name: "A", email: "a@b.co", password: "12345" }))).toEqual(["Password must be at least 6 characters"]);
    expect(addUserSchema.safeParse({ name: "x".repeat(101), email: "a@b.co", password: "secret" }).success).toBe(false);
  });

  it("Add User: a roll number or phone instead of the e-mail, one of them required", () => {
    expect(addUserSchema.parse({ name: "Kavin", rollNumber: " +91 98765 43210 ", password: "secret" })).toMatchObject({ rollNumber: "9876543210" });
    expect(addUserSchema.parse({ name: "Kavin", email: "", rollNumber: "pg-7", password: "secret" }).email).toBeUndefined();
    expect(messages(addUserSchema.safeParse({ name: "Kavin", password: "secret" }))).toEqual(["Give an email or a roll number / phone"]);
    expect(messages(addUserSchema.safeParse({ name: "Kavin", rollNumber: "a@b", password: "secret" }))).toEqual([
      "A roll number or phone may use letters, digits and + - . / _ (at most 40)",
    ]);
  });

  it("exam types: at most 60 characters each, none is fine", () => {
    expect(assignExamTypesSchema.parse({})).toEqual({ examTypes: [] });
    expect(assignExamTypesSchema.safeParse({ examTypes: ["x".repeat(61)] }).success).toBe(false);
  });

  it("global limit: empty is no limit, 0 to 1000 whole numbers, anything else the one message", () => {
    expect(globalLimitSchema.parse({ globalTestLimit: "" })).toEqual({ globalTestLimit: null });
    expect(globalLimitSchema.parse({})).toEqual({ globalTestLimit: null });
    expect(globalLimitSchema.parse({ globalTestLimit: " 3 " })).toEqual({ globalTestLimit: 3 });
    expect(globalLimitSchema.parse({ globalTestLimit: "0" })).toEqual({ globalTestLimit: 0 });
    for (const bad of ["-1", "1.5", "abc", "1001"]) expect(messages(globalLimitSchema.safeParse({ globalTestLimit: bad }))).toEqual([GLOBAL_LIMIT_MESSAGE]);
  });

  it("per-test limit: a test and the test record's max-attempts rule (empty removes)", () => {
    expect(perTestLimitSchema.parse({ testId: "t1", maxAttempts: "" })).toEqual({ testId: "t1", maxAttempts: null });
    expect(perTestLimitSchema.parse({ testId: "t1", maxAttempts: "2" })).toEqual({ testId: "t1", maxAttempts: 2 });
    expect(messages(perTestLimitSchema.safeParse({ testId: "t1", maxAttempts: "-1" }))).toEqual([MAX_ATTEMPTS_MESSAGE]);
    expect(messages(perTestLimitSchema.safeParse({ maxAttempts: "1" }))).toEqual(["Choose a test"]);
  });
});

describe("the content records' schemas (materials, books, announcements)", () => {
  const material = {
    title: "Notes",
    description: "Unit 1",
    examType: "NET",
    googleDriveLink: "https://drive.google.com/file/d/1AbC/view",
    thumbnailUrl: "https://img.example/t.png",
  };

  it("a material: every field required with the spec's one message, a Drive or Docs link, an http(s) or site image", () => {
    expect(materialSchema.parse({ ...material, title: "  தமிழ் குறிப்புகள் " }).title).toBe("தமிழ் குறிப்புகள்");
    expect(materialSchema.safeParse({ ...material, googleDriveLink: "https://docs.google.com/document/d/1X/edit" }).success).toBe(true);
    expect(materialSchema.safeParse({ ...material, thumbnailUrl: "/images/material-placeholder.svg" }).success).toBe(true);
    for (const key of Object.keys(material)) expect(messages(materialSchema.safeParse({ ...material, [key]: undefined }))).toEqual([FILL_ALL_FIELDS]);
    expect(messages(materialSchema.safeParse({ ...material, googleDriveLink: "javascript:alert(1)//drive.google.com" }))).toEqual([INVALID_DRIVE_LINK]);
    expect(messages(materialSchema.safeParse({ ...material, thumbnailUrl: "data:image/png;base64,AA" }))).toEqual([INVALID_IMAGE_URL]);
    expect(messages(materialSchema.safeParse({ ...material, description: "d".repeat(CONTENT_LIMITS.description + 1) }))).toEqual([
      "The description is too long (at most 2000 characters)",
    ]);
  });

  it("a book: title and cover required, the description optional (empty is empty)", () => {
    expect(bookSchema.parse({ title: "Poetics", coverUrl: "https://x.example/c.png" })).toEqual({
      title: "Poetics",
      coverUrl: "https://x.example/c.png",
      description: "",
    });
    expect(messages(bookSchema.safeParse({ coverUrl: "https://x.example/c.png" }))).toEqual([BOOK_TITLE_REQUIRED]);
    expect(messages(bookSchema.safeParse({ title: "T" }))).toEqual([BOOK_COVER_REQUIRED]);
    expect(messages(bookSchema.safeParse({ title: "T".repeat(201), coverUrl: "https://x.example/c.png" }))).toEqual([
      "The title is too long (at most 200 characters)",
    ]);
  });

  it("an announcement: title and content, a target with its audience, an optional image", () => {
    const ok = announcementSchema.parse({ title: "Results", content: "Out now" });
    expect(ok).toMatchObject({ type: "general", targetType: "all", imageUrl: "", targetExamTypes: [], targetEmails: "" });
    expect(messages(announcementSchema.safeParse({ title: "", content: "x" }))).toEqual([TITLE_CONTENT_REQUIRED]);
    expect(messages(announcementSchema.safeParse({ title: "T", content: "x", targetType: "examType" }))).toEqual([CHOOSE_EXAM_TYPE]);
    expect(messages(announcementSchema.safeParse({ title: "T", content: "x", targetType: "specific", targetEmails: " \n " }))).toEqual([ADD_STUDENT]);
    expect(messages(announcementSchema.safeParse({ title: "T", content: "x", imageUrl: "javascript:alert(1)" }))).toEqual([INVALID_IMAGE_URL]);
    expect(messages(announcementSchema.safeParse({ title: "T", content: "x", type: "party" })).length).toBe(1);
  });
});
