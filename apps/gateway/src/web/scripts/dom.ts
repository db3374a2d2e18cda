/** Small typed helpers shared by the page scripts. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from the page`);
  return el as T;
}

export const JSON_HEADERS = { 'content-type': 'application/json' } as const;

/** The SHA-256 of some bytes, in hex, as the API takes it. */
export async function sha256Hex(data: BufferSource): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The `error` of a JSON error body, or fields by name. */
export interface ErrorBody {
  error?: string;
  fields?: Record<string, string>;
}

export async function errorBody(res: Response | null): Promise<ErrorBody> {
  if (!res) return {};
  return (await res.json().catch(() => ({}))) as ErrorBody;
}

export function say(status: HTMLElement, text: string, error = false): void {
  status.className = error ? 'error' : 'note';
  status.textContent = text;
}
