import { randomUUID } from 'node:crypto';

import { AppError, type InputOf, operatorCreateApiKey, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { memberByEmail } from '../members/members.queries.js';
import { membershipOf } from '../teams/team-view.js';
import { generateApiKey } from './api-key.crypto.js';
import { insertKey } from './keys.queries.js';

@Injectable()
export class OperatorCreateApiKeyHandler implements OperationHandler<typeof operatorCreateApiKey> {
  readonly operation = operatorCreateApiKey;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof operatorCreateApiKey>): Promise<OutputOf<typeof operatorCreateApiKey>> {
    const member = await memberByEmail(this.ds, input.email);
    if (!member) throw AppError.notFound('No member has this email.');
    if (input.kind === 'team' && !(await membershipOf(this.ds.manager, member.id))) {
      throw AppError.conflict('A team key needs the member to be on a team.');
    }
    const { key, prefix, hash } = generateApiKey();
    const row = { id: randomUUID(), memberId: member.id, name: input.name, prefix, hash, kind: input.kind ?? 'member' };
    await insertKey(this.ds, row);
    return { id: row.id, key, prefix, memberId: member.id, createdAt: new Date().toISOString() };
  }
}
