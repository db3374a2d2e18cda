/** ASCII control characters (C0 and DEL): browsers strip or reinterpret some of them in URLs. */
const CONTROL = /[\u0000-\u001f\u007f]/;
/** What a raw path must never contain: control characters, whitespace, a backslash (read as `/`). */
const RAW_FORBIDDEN = /[\u0000-\u0020\u007f\\]/;

/**
 * A path on this site that is safe to redirect a browser to (e.g. after sign-in), or undefined.
 *
 * Refuses anything a browser could resolve to another origin: `//evil.example`, `/\evil.example`,
 * `/<TAB>/evil.example` (browsers drop tabs and newlines, leaving `//evil.example`), other control
 * characters or whitespace, and encoded variants of all of these (`/%09/evil.example`,
 * `/%5Cevil.example`, `/%2F/evil.example`) in case a later hop decodes the value again.
 * Each form must resolve, with `new URL(candidate, publicUrl)`, to `publicUrl`'s own origin.
 */
export function safeLocalPath(candidate: unknown, publicUrl: string, maxLength = 2048): string | undefined {
  if (typeof candidate !== 'string' || candidate.length > maxLength) return undefined;
  if (!candidate.startsWith('/') || RAW_FORBIDDEN.test(candidate)) return undefined;
  let origin: string;
  try {
    origin = new URL(publicUrl).origin;
  } catch {
    return undefined;
  }
  let form = candidate;
  // A few rounds of percent-decoding cover double encoding; anything still encoded after that is refused.
  for (let round = 0; round < 4; round++) {
    if (!form.startsWith('/') || form.startsWith('//') || CONTROL.test(form) || form.includes('\\')) return undefined;
    try {
      if (new URL(form, publicUrl).origin !== origin) return undefined;
    } catch {
      return undefined;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return undefined; // malformed escapes: nothing legitimate needs them
    }
    if (decoded === form) return candidate;
    form = decoded;
  }
  return undefined;
}
