// The site's own images (book covers of the demo, the placeholders) as build assets: their file names
// carry a content hash, so they are served with a year-long immutable cache. Records keep the stable
// address (/images/book-placeholder.svg, still served from public/ for links made before); pages show
// the fingerprinted one.
import book1 from "~/assets/images/book-1.svg";
import book2 from "~/assets/images/book-2.svg";
import book3 from "~/assets/images/book-3.svg";
import book4 from "~/assets/images/book-4.svg";
import book5 from "~/assets/images/book-5.svg";
import book6 from "~/assets/images/book-6.svg";
import bookPlaceholder from "~/assets/images/book-placeholder.svg";
import materialPlaceholder from "~/assets/images/material-placeholder.svg";

const FINGERPRINTED: Record<string, string> = {
  "/images/book-1.svg": book1,
  "/images/book-2.svg": book2,
  "/images/book-3.svg": book3,
  "/images/book-4.svg": book4,
  "/images/book-5.svg": book5,
  "/images/book-6.svg": book6,
  "/images/book-placeholder.svg": bookPlaceholder,
  "/images/material-placeholder.svg": materialPlaceholder,
};

/** The fingerprinted address of one of the site's images; any other address as it is. */
export function siteImageUrl(path: string): string {
  return FINGERPRINTED[path] ?? path;
}
