/** Google Drive links, chat-app order links and URL checks (pure; unit-tested). */
import { siteImageUrl } from "./site-images";

const DRIVE_HOSTS = new Set(["drive.google.com", "docs.google.com"]);

/** The file id of a Google Drive or Docs link, or null. */
export function driveFileId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (!DRIVE_HOSTS.has(url.hostname)) return null;
  const path = /\/(?:file|document|spreadsheets|presentation|forms)\/d\/([A-Za-z0-9_-]{10,})/.exec(url.pathname);
  if (path) return path[1];
  const id = url.searchParams.get("id");
  if (id && /^[A-Za-z0-9_-]{10,}$/.test(id)) return id;
  return null;
}

export function isDriveLink(link: string): boolean {
  try {
    return DRIVE_HOSTS.has(new URL(link.trim()).hostname);
  } catch {
    return false;
  }
}

/** A Drive link with a file id becomes its preview address; anything else is returned untouched. */
export function drivePreviewUrl(link: string): string {
  const id = driveFileId(link);
  if (!id) return link;
  if (/docs\.google\.com\/(document|spreadsheets|presentation)/.test(link)) {
    const kind = /docs\.google\.com\/(document|spreadsheets|presentation)/.exec(link)?.[1];
    return `https://docs.google.com/${kind}/d/${id}/preview`;
  }
  return `https://drive.google.com/file/d/${id}/preview`;
}

/** The file view address stored for a material (spec: normalised when the link carries a file id). */
export function driveViewUrl(link: string): string {
  const id = driveFileId(link);
  if (!id || /docs\.google\.com\/(document|spreadsheets|presentation)/.test(link)) return link.trim();
  return `https://drive.google.com/file/d/${id}/view`;
}

/**
 * The address that downloads a material: a Drive file's direct download; a Google Docs, Sheets or
 * Slides file exported as PDF (its /edit page is not a download).
 */
export function driveDownloadUrl(link: string): string {
  const id = driveFileId(link);
  if (!id) return link;
  const kind = /docs\.google\.com\/(document|spreadsheets|presentation)/.exec(link)?.[1];
  if (kind) return `https://docs.google.com/${kind}/d/${id}/export?format=pdf`;
  return `https://drive.google.com/uc?export=download&id=${id}`;
}

/** Chat-app link prefilled with: Hi, I would like to order the book: "{title}" */
export function bookOrderLink(whatsappNumber: string, title: string): string {
  const digits = whatsappNumber.replace(/\D/g, "");
  const text = `Hi, I would like to order the book: "${title}"`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** Only http(s) URLs are stored for images and links (no javascript:, data: …). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A link the site may render: http(s) only; anything else (javascript:, data:, a typo) gives `fallback`. */
export function safeLinkHref(value: string | null | undefined, fallback = "#"): string {
  return value && isHttpUrl(value) ? value.trim() : fallback;
}

/**
 * An image address the site may render: http(s), or one of its own files under /images/ (shown by its
 * fingerprinted build address when it has one, cached for a year).
 */
export function safeImageSrc(value: string | null | undefined, fallback: string): string {
  if (!value) return siteImageUrl(fallback);
  if (value.startsWith("/images/")) return siteImageUrl(value);
  return isHttpUrl(value) ? value : siteImageUrl(fallback);
}

export const BOOK_PLACEHOLDER = "/images/book-placeholder.svg";
export const MATERIAL_PLACEHOLDER = "/images/material-placeholder.svg";

/**
 * A WhatsApp link that opens a chat with the message written: to the student's own number when the academy has it
 * (a 10-digit Indian number is given its +91), else a chat the admin picks the student in.
 */
export function whatsappShareHref(phone: string | null, message: string): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  const to = digits.length === 10 ? `91${digits}` : digits.length >= 11 ? digits : "";
  return `https://wa.me/${to}?text=${encodeURIComponent(message)}`;
}

/** The words sent with a sign-in link. */
export function signInLinkMessage(name: string, url: string): string {
  return `Hello ${name}, open this link to choose your password for the academy's test series (it works once): ${url}`;
}
