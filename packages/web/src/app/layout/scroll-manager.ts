import { useEffect } from "react";
import { useLocation } from "react-router-dom";

/**
 * Every route change starts at the top of the page (docs/product.md §2 Layout); a `#hash` (e.g.
 * /checkout#payment) scrolls to that section once the lazily loaded page has rendered it.
 */
export function useScrollManager(): void {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path must scroll even when the hash is the same
  useEffect(() => {
    let frame = 0;
    if (!hash) {
      // In the next frame, where the new screen's layout is due anyway (scrolling forces it).
      frame = requestAnimationFrame(() => window.scrollTo(0, 0));
      return () => cancelAnimationFrame(frame);
    }
    let tries = 0;
    const seek = () => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) target.scrollIntoView({ block: "start" });
      else if (tries++ < 60) frame = requestAnimationFrame(seek);
    };
    seek();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
}
