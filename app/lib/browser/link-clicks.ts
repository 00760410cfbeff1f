// Long lists of plain links that navigate inside the app (unit-tested in tests/unit/link-clicks.test.ts). Apart from
// hooks.ts: the exam page never downloads it.
import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

type Click = { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean };

/**
 * Where a click on a plain link should take the app, or null when the browser should follow it itself
 * (a modified or non-left click, a new-tab or download link, another site).
 */
export function inAppHref(click: Click, link: { href: string | null; target: string; download: boolean } | null): string | null {
  if (!link?.href || click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if ((link.target && link.target !== "_self") || link.download) return null;
  return link.href.startsWith("/") && !link.href.startsWith("//") ? link.href : null;
}

/**
 * One click handler for a list of plain `<a href>` links: a plain click navigates inside the app, as a
 * Remix `<Link>` would; without JavaScript the links work as links. For long lists only: every `<Link>`
 * resolves its path and follows the navigation state, and fifty of them were a quarter of the exam
 * page's server render.
 */
export function useLinkClicks(options: { replace?: boolean; preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest("a");
    const to = inAppHref(event, anchor && { href: anchor.getAttribute("href"), target: anchor.target, download: anchor.hasAttribute("download") });
    if (!to) return;
    event.preventDefault();
    navigate(to, options);
  };
}
