import { mcpAccessToken } from '@marketplace/testing';
import { inject } from 'vitest';

/** A real MCP access token for the member: sign-in by emailed link, then the whole OAuth flow. */
export async function mcpToken(member: { email: string }): Promise<string> {
  return mcpAccessToken(inject('baseUrl'), inject('mailDir'), member);
}
