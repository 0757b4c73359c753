import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * Renders `children` once the placeholder comes within `margin` of the viewport. Below-the-fold
 * sections that need heavy code (the home page's carousels) use it with a lazy component, so that
 * code is not part of the page's first download. The placeholder keeps the section's height to
 * avoid layout shift.
 */
export function WhenVisible({
  children,
  minHeight,
  margin = "600px",
}: {
  children: ReactNode;
  minHeight: number;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, margin]);
  return visible ? <>{children}</> : <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}
