import * as testing from '@marketplace/testing';
import { inject } from 'vitest';

type TokenHelper = (baseUrl: string, mailDir: string, member: { email: string }) => Promise<string>;

/**
 * MCP signs in with OAuth, which is built in another part of the product. Its test helper
 * (`mcpAccessToken` from @marketplace/testing, with the `mailDir` the test system provides) is
 * looked up at run time: where it is not there yet, walks over MCP are skipped, and they run as
 * soon as it is.
 */
const helper = (testing as Record<string, unknown>).mcpAccessToken as TokenHelper | undefined;

export const mcpSignInAvailable = typeof helper === 'function';

export async function mcpToken(member: { email: string }): Promise<string> {
  if (!helper) throw new Error('OAuth sign-in for MCP is not available in this build.');
  const mailDir = (inject as unknown as (key: string) => string)('mailDir');
  return helper(inject('baseUrl'), mailDir, member);
}
