import { type Access, AppError, type Caller, openAccess } from '@marketplace/contracts';

/**
 * Authentication only: a caller is needed and there is none (401 before a bus round trip, and the
 * MCP challenge). Everything else about access is decided by the owning service's guard.
 */
export function requireAccess(access: Access, caller: Caller | null): void {
  if (openAccess(access) || access === 'internal') return;
  if (!caller) throw AppError.unauthorized();
}
