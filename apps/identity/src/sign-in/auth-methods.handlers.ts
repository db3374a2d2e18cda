import { getAccountAdmin, type InputOf, listAuthMethods, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { signInConfig } from './sign-in.config.js';

@Injectable()
export class ListAuthMethodsHandler implements OperationHandler<typeof listAuthMethods> {
  readonly operation = listAuthMethods;

  async handle(): Promise<OutputOf<typeof listAuthMethods>> {
    const methods: OutputOf<typeof listAuthMethods>['methods'] = [];
    const config = signInConfig();
    if (config.smtpUrl) methods.push({ id: 'magic_link', name: 'Email link', url: '/api/auth/sign-in/magic-link' });
    if (config.oidc) methods.push({ id: 'oidc', name: config.oidc.name, url: '/api/auth/sign-in/oidc' });
    methods.push({ id: 'api_key', name: 'API key' });
    return { methods };
  }
}

/** Staff status was computed when the caller authenticated (flag or verified staff-domain address). */
@Injectable()
export class GetAccountAdminHandler implements OperationHandler<typeof getAccountAdmin> {
  readonly operation = getAccountAdmin;

  async handle(_input: InputOf<typeof getAccountAdmin>, ctx: HandlerContext): Promise<OutputOf<typeof getAccountAdmin>> {
    return { admin: callerOf(ctx).staff };
  }
}
