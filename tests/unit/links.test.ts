import { describe, expect, it } from "vitest";
import { contactMailto, contactSchema, FILL_ALL, INVALID_EMAIL } from "~/lib/schemas/contact";
import { bookOrderLink, driveDownloadUrl, driveFileId, drivePreviewUrl, driveViewUrl, isDriveLink, isHttpUrl, safeImageSrc } from "~/lib/rules/links";

const ID = "1A2b3C4d5E6f7G8h9I0jKl";

describe("Drive links", () => {
  it.each([
    [`https://drive.google.com/file/d/${ID}/view`, ID],
    [`https://drive.google.com/file/d/${ID}/view?usp=sharing`, ID],
    [`https://drive.google.com/open?id=${ID}`, ID],
    [`https://drive.google.com/uc?id=${ID}&export=download`, ID],
    [`https://docs.google.com/document/d/${ID}/edit`, ID],
    ["https://example.com/file/d/abcdefghijkl/view", null],
    ["not a url", null],
    ["https://drive.google.com/drive/folders", null],
  ])("%s → %s", (link, id) => {
    expect(driveFileId(link)).toBe(id);
  });
  it("converts file/d, open?id and uc?id links to the preview address", () => {
    const preview = `https://drive.google.com/file/d/${ID}/preview`;
    expect(drivePreviewUrl(`https://drive.google.com/file/d/${ID}/view`)).toBe(preview);
    expect(drivePreviewUrl(`https://drive.google.com/open?id=${ID}`)).toBe(preview);
    expect(drivePreviewUrl(`https://drive.google.com/uc?id=${ID}`)).toBe(preview);
    expect(drivePreviewUrl(`https://docs.google.com/document/d/${ID}/edit`)).toBe(`https://docs.google.com/document/d/${ID}/preview`);
  });
  it("leaves non-Drive links untouched", () => {
    expect(drivePreviewUrl("https://example.com/notes.pdf")).toBe("https://example.com/notes.pdf");
    expect(driveDownloadUrl("https://example.com/notes.pdf")).toBe("https://example.com/notes.pdf");
    expect(driveViewUrl("https://example.com/notes.pdf")).toBe("https://example.com/notes.pdf");
  });
  it("normalises to the file view address and builds a download address", () => {
    expect(driveViewUrl(`https://drive.google.com/open?id=${ID}`)).toBe(`https://drive.google.com/file/d/${ID}/view`);
    expect(driveDownloadUrl(`https://drive.google.com/file/d/${ID}/view`)).toBe(`https://drive.google.com/uc?export=download&id=${ID}`);
    // a Google Docs material downloads as PDF, not its /edit page
    expect(driveDownloadUrl(`https://docs.google.com/document/d/${ID}/edit?usp=sharing`)).toBe(`https://docs.google.com/document/d/${ID}/export?format=pdf`);
    expect(driveDownloadUrl(`https://docs.google.com/spreadsheets/d/${ID}/edit`)).toBe(`https://docs.google.com/spreadsheets/d/${ID}/export?format=pdf`);
  });
  it("recognises Drive and Docs hosts only", () => {
    expect(isDriveLink("https://docs.google.com/x")).toBe(true);
    expect(isDriveLink("https://drive.google.com.evil.example/x")).toBe(false);
  });
});

describe("book order link", () => {
  it("prefills the message with the title in quotes", () => {
    const link = bookOrderLink("+91 98765 43210", 'The "Waste" Land');
    expect(link.startsWith("https://wa.me/919876543210?text=")).toBe(true);
    expect(decodeURIComponent(link.split("text=")[1])).toBe('Hi, I would like to order the book: "The "Waste" Land"');
  });
  it("keeps non-ASCII titles intact", () => {
    const link = bookOrderLink("919876543210", "Ngũgĩ — தமிழ் & Brontë");
    expect(decodeURIComponent(link.split("text=")[1])).toBe('Hi, I would like to order the book: "Ngũgĩ — தமிழ் & Brontë"');
    expect(link).not.toMatch(/[&]\s/);
  });
});

describe("URL checks", () => {
  it("accepts only http(s)", () => {
    expect(isHttpUrl("https://x.example/a.png")).toBe(true);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpUrl("data:image/png;base64,AAAA")).toBe(false);
    expect(safeImageSrc("javascript:alert(1)", "/fallback.svg")).toBe("/fallback.svg");
    // the site's own images by their fingerprinted build address; other /images/ paths as they are
    expect(safeImageSrc("/images/book-1.svg", "/f.svg")).not.toBe("/images/book-1.svg");
    expect(safeImageSrc("/images/other.svg", "/f.svg")).toBe("/images/other.svg");
  });
});

describe("contact form rules", () => {
  const ok = { firstName: "Asha", lastName: "K", email: "asha@example.in", subject: "Batch", message: "Hello" };
  it("accepts a complete message", () => {
    expect(contactSchema.safeParse(ok).success).toBe(true);
  });
  it("requires all five fields", () => {
    for (const field of Object.keys(ok)) {
      const r = contactSchema.safeParse({ ...ok, [field]: "  " });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(FILL_ALL);
    }
  });
  it.each(["asha", "asha@", "asha@example", "a b@example.in", "@example.in"])("refuses %s", (email) => {
    const r = contactSchema.safeParse({ ...ok, email });
    expect(r.error?.issues[0].message).toBe(INVALID_EMAIL);
  });
  it("builds the mailto address with subject and body", () => {
    const m = contactMailto("contact@academy.in", ok);
    expect(m.startsWith("mailto:contact@academy.in?subject=Batch&body=")).toBe(true);
    expect(decodeURIComponent(m.split("body=")[1])).toContain("Name: Asha K\nEmail: asha@example.in\n\nHello");
  });
});

describe("sending a sign-in link on WhatsApp", () => {
  it("opens a chat with the student's own number (an Indian 10-digit number gets its 91), or any chat without one", async () => {
    const { signInLinkMessage, whatsappShareHref } = await import("~/lib/rules/links");
    const text = signInLinkMessage("Divya", "https://t.example/welcome/abc");
    expect(whatsappShareHref("9840012345", text)).toBe(`https://wa.me/919840012345?text=${encodeURIComponent(text)}`);
    expect(whatsappShareHref("+14155550100", text).startsWith("https://wa.me/14155550100?text=")).toBe(true);
    expect(whatsappShareHref(null, text).startsWith("https://wa.me/?text=Hello%20Divya")).toBe(true);
    // a roll number is no phone: any chat
    expect(whatsappShareHref("TRB2026016", text).startsWith("https://wa.me/?text=")).toBe(true);
  });
});
