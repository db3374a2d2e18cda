import { getAccess, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { SettingsService } from '../settings/settings.service.js';
import { isWaitlisted } from './admission.queries.js';

export const GATE_PATH = '/join';

@Injectable()
export class GetAccessHandler implements OperationHandler<typeof getAccess> {
  readonly operation = getAccess;

  constructor(
    private readonly ds: DataSource,
    private readonly settings: SettingsService,
  ) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof getAccess>> {
    const { inviteOnly } = await this.settings.current();
    const answer = (standing: OutputOf<typeof getAccess>['standing']) => ({ inviteOnly, standing, gatePath: GATE_PATH });
    if (!ctx.caller) return answer('signed_out');
    if (ctx.caller.admitted !== false) return answer('admitted');
    return answer((await isWaitlisted(this.ds, ctx.caller.memberId)) ? 'waitlisted' : 'needs_invitation');
  }
}
