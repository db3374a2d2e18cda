/**
 * Strict-Transport-Security for answers to requests that came over https (directly, or per the
 * X-Forwarded-Proto of a trusted proxy): a year, subdomains included, so a browser that has been
 * here once never again asks for the site, or a sibling that could plant cookies, over plain http.
 * Not sent over plain http, where browsers ignore it anyway.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

export function strictTransport(req: { protocol: string }): string | undefined {
  return req.protocol === 'https' ? HSTS : undefined;
}
