import { mailSettings, originSettings, perService, publicUrlOf, type ServiceEnv, serviceEnv } from '@marketplace/service-kit';

import { identitySettings } from '../identity.settings.js';

/** Sign-in settings, read from the environment once per process. */
export interface SignInConfig {
  publicOrigin: string;
  /** Origins besides our own that may start a sign-in and be redirected to afterwards. */
  trustedOrigins: Set<string>;
  smtpUrl: string | undefined;
  mailFrom: string;
  staffDomains: string[];
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  /** Days from sign-in after which a session ends however much it is used (SESSION_ABSOLUTE_DAYS, default 90). */
  sessionAbsoluteDays: number;
}

/** From the declared settings: a bad value stops the service at start, naming the variable. */
export function readSignInConfig(env: ServiceEnv = serviceEnv()): SignInConfig {
  const s = identitySettings.read(env);
  const mail = mailSettings.read(env);
  const issuer = s.oidcIssuer;
  const clientId = s.oidcClientId;
  return {
    publicOrigin: new URL(publicUrlOf(env)).origin,
    trustedOrigins: new Set(originSettings.read(env).trustedOrigins.map((o) => new URL(o).origin)),
    smtpUrl: mail.smtpUrl,
    mailFrom: mail.mailFrom,
    staffDomains: s.staffEmailDomains.map((d) => d.toLowerCase().replace(/^@/, '')),
    oidc: issuer && clientId ? { issuer, clientId, clientSecret: s.oidcClientSecret ?? '', name: s.oidcName } : undefined,
    sessionAbsoluteDays: s.sessionAbsoluteDays,
  };
}

/** This service's sign-in settings (its own when services share a process, or after a restart with others). */
export const signInConfig: () => SignInConfig = perService((env) => readSignInConfig(env));
