// The security headers of the page's HTML, sent by the function with index.html and 404.html and by
// public/_headers with the static files, so the policy is an HTTP header (a meta tag cannot carry
// frame-ancestors). Scripts, styles and API calls stay on the deployment; images are the page's own
// or data: URLs, plus https for the images of a SKILL.md that the visitor asks for one by one
// (web/src/remote-image.ts: none loads before the click); nothing may frame the page.
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": PAGE_CSP,
  // For browsers older than frame-ancestors.
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
};

/** The asset server's answer for a page, with the page's headers (its own headers are immutable). */
export function withPageHeaders(res: Response): Response {
  const out = new Response(res.body, res);
  for (const [name, value] of Object.entries(PAGE_HEADERS)) out.headers.set(name, value);
  return out;
}
