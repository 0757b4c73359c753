import { useSearchParams } from "react-router-dom";

/**
 * The ?redirect= target of /login and /register (default /). Only same-site paths are followed, so a
 * crafted link cannot send a freshly signed-in user to another site.
 */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  return raw;
}

export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  return safeRedirect(params.get("redirect"));
}
