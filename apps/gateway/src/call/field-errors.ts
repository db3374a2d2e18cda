import { AppError, snakeCase } from '@marketplace/contracts';

import type { BoundField } from './field-bindings.js';

/** A service's field errors under the names the caller used: REST's names or MCP's arguments. */
export function renameFields(err: AppError, fields: readonly BoundField[], surface: 'rest' | 'mcp'): AppError {
  const given = err.extra.fields;
  if (!given) return err;
  const names = new Map(fields.filter((f) => f.in !== 'request').map((f) => [f.key, surface === 'rest' ? f.rest : f.mcp]));
  const renamed: Record<string, string> = {};
  for (const [name, message] of Object.entries(given)) {
    const [head, ...rest] = name.split('.');
    // Fields that are not arguments (jobVersion on a 409, say) still follow the surface's naming.
    const fallback = surface === 'mcp' ? snakeCase(head!) : head;
    renamed[[names.get(head!) ?? fallback, ...rest].join('.')] = message;
  }
  return new AppError(err.status, err.message, { ...err.extra, fields: renamed });
}
