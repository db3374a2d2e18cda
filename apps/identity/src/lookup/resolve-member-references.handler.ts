import { type InputOf, isUuid, type OutputOf, resolveMemberReferences } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { membersByReference } from './lookup.queries.js';

/**
 * Member id, email (any case) or exact name. A name shared by several members resolves to
 * nobody rather than to a guess. Only services call this; callers never see the answer.
 */
@Injectable()
export class ResolveMemberReferencesHandler implements OperationHandler<typeof resolveMemberReferences> {
  readonly operation = resolveMemberReferences;

  constructor(private readonly ds: DataSource) {}

  async handle({ references }: InputOf<typeof resolveMemberReferences>): Promise<OutputOf<typeof resolveMemberReferences>> {
    if (references.length === 0) return { members: [] };
    const ids = references.filter((r) => isUuid(r)).map((r) => r.toLowerCase());
    const emails = references.filter((r) => r.includes('@')).map((r) => r.toLowerCase());
    const names = references.filter((r) => !isUuid(r) && !r.includes('@'));
    const rows = await membersByReference(this.ds, ids, emails, names);
    const byId = new Map(rows.map((r) => [r.id, r.id]));
    const byEmail = new Map(rows.map((r) => [r.email, r.id]));
    const byName = new Map<string, string[]>();
    for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r.id]);
    return {
      members: references.map((reference) => {
        let memberId: string | null = null;
        if (isUuid(reference)) memberId = byId.get(reference.toLowerCase()) ?? null;
        else if (reference.includes('@')) memberId = byEmail.get(reference.toLowerCase()) ?? null;
        else {
          const matches = [...new Set(byName.get(reference) ?? [])];
          memberId = matches.length === 1 ? matches[0]! : null;
        }
        return { reference, memberId };
      }),
    };
  }
}
