import type { Caller } from '@marketplace/contracts';

/** Ids here are UUIDs; anything else names nothing, so it is a 404 without a query. */
export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** Whether a person (browser session) or an agent (API key, MCP sign-in) is acting. */
export function sentBy(caller: Caller): 'person' | 'agent' {
  return caller.via === 'session' ? 'person' : 'agent';
}
