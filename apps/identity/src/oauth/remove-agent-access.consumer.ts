import { type EventEnvelope, memberDeletedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { removeAgentAccessOf } from './oauth.queries.js';

/**
 * Ends every agent's access of the member: their grants, everything issued under them, their
 * authorization server sessions and their connected agents. MCP checks the grant per request, so
 * access tokens already issued stop working at once (account deletion, suspension).
 */
export async function removeAgentAccess(em: EntityManager, memberId: string): Promise<void> {
  await removeAgentAccessOf(em, memberId);
}

/**
 * A deleted account keeps no agent access: its grants, everything issued under them, its
 * authorization server sessions and its connected agents go (spec: DELETE /api/me).
 */
@Injectable()
export class RemoveAgentAccessConsumer implements EventConsumer<typeof memberDeletedV1.payload> {
  readonly name = 'remove-agent-access';
  readonly event = memberDeletedV1;

  async apply(event: EventEnvelope<z.output<typeof memberDeletedV1.payload>>, em: EntityManager): Promise<void> {
    await removeAgentAccess(em, event.payload.memberId);
  }
}
