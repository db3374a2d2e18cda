import { Injectable } from '@nestjs/common';
import { requireReadAccess, type HandlerContext } from '@marketplace/service-kit';
import { SettingsService } from '../settings/settings.service.js';

/** Member reads follow the kit's read rule, with identity's own settings rather than a bus round trip to itself. */
@Injectable()
export class AdmissionPolicy {
  constructor(private readonly settings: SettingsService) {}

  requireReadAccess(ctx: HandlerContext): Promise<void> {
    return requireReadAccess(ctx, { get: () => this.settings.current() });
  }
}
