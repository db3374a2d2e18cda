import type { Caller } from '@marketplace/contracts';

/** Whether a person (browser session) or an agent (API key, MCP sign-in) is acting. */
export function sentBy(caller: Caller): 'person' | 'agent' {
  return caller.via === 'session' ? 'person' : 'agent';
}
