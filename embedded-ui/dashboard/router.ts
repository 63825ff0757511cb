/**
 * A small history router: the server answers every dashboard path with the same page
 * (src/surfaces/pages), and this picks the view from location.pathname.
 */
import { useEffect, useState } from "preact/hooks";

const CHANGE = "signet:navigate";

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo(0, 0);
}

/** The current path; re-renders on navigation and on back/forward. */
export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const update = () => setPath(location.pathname);
    window.addEventListener("popstate", update);
    window.addEventListener(CHANGE, update);
    return () => {
      window.removeEventListener("popstate", update);
      window.removeEventListener(CHANGE, update);
    };
  }, []);
  return path;
}

/** Route params from a pattern such as "/orgs/:slug/files", or null when it does not match. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/").filter(Boolean);
  const have = path.split("/").filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part.startsWith(":")) params[part.slice(1)] = decodeURIComponent(have[i]!);
    else if (part !== have[i]) return null;
  }
  return params;
}

/** Follows in-app links without reloading the page; modified clicks open as the browser would. */
export function interceptLink(event: MouseEvent): void {
  const anchor = (event.target as Element).closest("a");
  if (!anchor || anchor.target || anchor.hasAttribute("download") || anchor.origin !== location.origin) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (!anchor.dataset.route) return;
  event.preventDefault();
  navigate(anchor.pathname + anchor.search);
}
