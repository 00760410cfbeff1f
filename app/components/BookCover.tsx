import { useEffect, useRef, useState } from "react";
import { BOOK_PLACEHOLDER } from "~/lib/rules/links";
import { siteImageUrl } from "~/lib/rules/site-images";

/** A book's cover; the placeholder when the image cannot be loaded (before or after hydration). */
export function BookCover({ src, title, className }: { src: string; title: string; className: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // an image that failed before hydration has already fired its error event
    if (ref.current?.complete && ref.current.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <img
      ref={ref}
      src={failed ? siteImageUrl(BOOK_PLACEHOLDER) : src}
      alt={`Cover of ${title}`}
      width={300}
      height={400}
      loading="lazy"
      onError={() => setFailed(true)}
      className={`img-fallback-book ${className}`}
    />
  );
}
