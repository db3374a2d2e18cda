import { Injectable } from '@nestjs/common';
import type { HandlerContext } from '@marketplace/service-kit';

/** Who may read while the service is invite-only; with it off (the default) reads are public. */
@Injectable()
export class AdmissionPolicy {
  async requireReadAccess(_ctx: HandlerContext): Promise<void> {
    return;
  }
}
