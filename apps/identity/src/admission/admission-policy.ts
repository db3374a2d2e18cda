import { Injectable } from '@nestjs/common';
import { AppError } from '@marketplace/contracts';
import { INVITE_ONLY_READ_MESSAGE, NOT_ADMITTED_MESSAGE, type HandlerContext } from '@marketplace/service-kit';
import { SettingsService } from '../settings/settings.service.js';

/**
 * Member reads: public unless the service is invite-only, then only for members who were let in.
 * The same rule as the services' shared requireReadAccess, read from identity's own settings.
 */
@Injectable()
export class AdmissionPolicy {
  constructor(private readonly settings: SettingsService) {}

  async requireReadAccess(ctx: HandlerContext): Promise<void> {
    if (ctx.caller && ctx.caller.admitted !== false) return;
    if (!(await this.settings.current()).inviteOnly) return;
    if (!ctx.caller) throw AppError.unauthorized(INVITE_ONLY_READ_MESSAGE);
    throw AppError.forbidden(NOT_ADMITTED_MESSAGE);
  }
}
