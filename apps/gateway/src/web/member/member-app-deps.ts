import type { SessionPageDeps } from '../session-pages.js';

/*
 * What every member page needs, apart from the module that mounts them (member-app.ts), so the
 * pages never import back from the module that imports them.
 */
export interface MemberAppDeps extends SessionPageDeps {
  /** PUBLIC_URL, for links a member copies (invite link, MCP address). */
  publicUrl: string;
}
