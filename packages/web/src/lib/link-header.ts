/**
 * The `Link` response header (RFC 8288), as the list routes send it for their next page
 * (docs/decisions/026-bounded-lists.md): `Link: </api/products?limit=24&cursor=…>; rel="next"`.
 */

/** One link-value: its target as written, its relation types (lower case) and its other parameters. */
export interface LinkValue {
  target: string;
  rel: string[];
  params: Record<string, string>;
}

const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const SPACE = /[ \t]/;

/**
 * Parses a `Link` header into its link-values. A parameter's value may be a token or a quoted
 * string (with `\` escapes, and commas or semicolons inside); parameter names are case-insensitive
 * and only the first occurrence of one counts (RFC 8288 §3.3 for `rel`); `rel` holds one or more
 * relation types separated by spaces. A malformed link-value is skipped, not the whole header.
 *
 * @example
 * parseLinkHeader('</api/users?cursor=a>; rel="next", </api/users>; rel=first')
 * // [{ target: "/api/users?cursor=a", rel: ["next"], … }, { target: "/api/users", rel: ["first"], … }]
 */
export function parseLinkHeader(header: string | null | undefined): LinkValue[] {
  const text = header ?? "";
  const links: LinkValue[] = [];
  let i = 0;
  const skipSpaces = () => {
    while (i < text.length && SPACE.test(text[i]!)) i++;
  };
  /** Moves past the rest of a malformed link-value: to the next comma outside quotes and <…>. */
  const skipToComma = () => {
    let quoted = false;
    let bracketed = false;
    for (; i < text.length; i++) {
      const char = text[i];
      if (quoted) {
        if (char === "\\") i++;
        else if (char === '"') quoted = false;
      } else if (bracketed) {
        if (char === ">") bracketed = false;
      } else if (char === '"') quoted = true;
      else if (char === "<") bracketed = true;
      else if (char === ",") return;
    }
  };

  while (i < text.length) {
    while (i < text.length && (SPACE.test(text[i]!) || text[i] === ",")) i++;
    if (i >= text.length) break;
    if (text[i] !== "<") {
      skipToComma();
      continue;
    }
    const close = text.indexOf(">", i + 1);
    if (close < 0) break;
    const target = text.slice(i + 1, close).trim();
    i = close + 1;
    const params: Record<string, string> = {};
    let valid = true;
    for (;;) {
      skipSpaces();
      if (i >= text.length || text[i] === ",") break;
      if (text[i] !== ";") {
        valid = false;
        break;
      }
      i++;
      skipSpaces();
      const nameStart = i;
      while (i < text.length && TOKEN_CHAR.test(text[i]!)) i++;
      const name = text.slice(nameStart, i).toLowerCase();
      skipSpaces();
      let value = "";
      if (text[i] === "=") {
        i++;
        skipSpaces();
        if (text[i] === '"') {
          i++;
          let closed = false;
          while (i < text.length) {
            const char = text[i++]!;
            if (char === "\\" && i < text.length) value += text[i++];
            else if (char === '"') {
              closed = true;
              break;
            } else value += char;
          }
          if (!closed) valid = false;
        } else {
          const valueStart = i;
          while (i < text.length && !/[;, \t]/.test(text[i]!)) i++;
          value = text.slice(valueStart, i);
        }
      }
      if (!name) {
        valid = false;
        break;
      }
      if (!(name in params)) params[name] = value;
    }
    if (!valid) {
      skipToComma();
      continue;
    }
    const rel = (params.rel ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((type) => type.toLowerCase());
    links.push({ target, rel, params });
  }
  return links;
}

/**
 * The site path (`/api/…?…`) of the `rel="next"` link, resolved against the request's path, or
 * `undefined` when there is none. A link to another origin is ignored: the API client sends the
 * signed-in user's token with every call, so it never follows a link off the site.
 *
 * @example
 * nextPath('</api/orders?limit=25&cursor=x>; rel="next"', "/api/orders?limit=25") // "/api/orders?limit=25&cursor=x"
 */
export function nextPath(header: string | null | undefined, requestPath: string): string | undefined {
  const next = parseLinkHeader(header).find((link) => link.rel.includes("next"));
  if (!next?.target) return undefined;
  const origin =
    globalThis.location?.origin && globalThis.location.origin !== "null"
      ? globalThis.location.origin
      : "http://localhost";
  try {
    const url = new URL(next.target, new URL(requestPath, origin));
    return url.origin === origin ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

/** `X-Total-Count` as a number; `undefined` when absent or not a whole number. */
export function totalCount(header: string | null | undefined): number | undefined {
  const text = header?.trim();
  return text && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}
