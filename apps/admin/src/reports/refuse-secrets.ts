import { AppError, type Caller, findCredentials, holdsCardNumber, isUuid, type Surface } from '@marketplace/contracts';

/**
 * Staff read every help request and report, so none may hold a card number or a credential:
 * refused with 400 naming each field that does. The excerpt of a credential is masked.
 */
export function refuseSecrets(text: Record<string, string | undefined>): void {
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(text)) {
    if (!value) continue;
    const problems: string[] = [];
    if (holdsCardNumber(value)) problems.push('a card number');
    const credentials = findCredentials(value);
    if (credentials.length) problems.push(`a credential (${credentials.map((f) => `${f.label}: ${f.excerpt}`).join('; ')})`);
    if (problems.length) fields[field] = `Contains what looks like ${problems.join(' and ')}. Remove it; we never need it.`;
  }
  if (Object.keys(fields).length) {
    throw AppError.badRequest('Remove card numbers and credentials (keys, tokens, passwords) before sending.', fields);
  }
}

/** Where a request came from, in the contract's channel words: a browser session is the web. */
export function channelOf(surface: Surface, caller: Caller): 'web' | 'rest' | 'mcp' {
  if (surface === 'mcp' || caller.via === 'oauth') return 'mcp';
  if (surface === 'web') return 'web';
  return caller.via === 'session' ? 'web' : 'rest';
}

/** Job, comment, member and message ids are UUIDs; written in any case they name one item. */
export function normaliseId(id: string): string {
  return isUuid(id) ? id.toLowerCase() : id;
}
