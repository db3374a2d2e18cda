/** Small typed helpers shared by the page scripts. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from the page`);
  return el as T;
}

export const JSON_HEADERS = { 'content-type': 'application/json' } as const;

/** The `error` of a JSON error body, or fields by name. */
export interface ErrorBody { error?: string; fields?: Record<string, string> }

export async function errorBody(res: Response | null): Promise<ErrorBody> {
  if (!res) return {};
  return (await res.json().catch(() => ({}))) as ErrorBody;
}

export function say(status: HTMLElement, text: string, error = false): void {
  status.className = error ? 'error' : 'note';
  status.textContent = text;
}
