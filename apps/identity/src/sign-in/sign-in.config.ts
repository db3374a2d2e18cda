import { perService, publicUrlOf, serviceEnv, Settings, type ServiceEnv } from '@marketplace/service-kit';
import { SESSION_ABSOLUTE_DAYS } from '@marketplace/contracts';

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

/** Read with the kit's settings reader: a bad value stops the service at start, naming the variable. */
export function readSignInConfig(env: ServiceEnv = serviceEnv()): SignInConfig {
  const s = new Settings(env);
  const issuer = s.raw('OIDC_ISSUER');
  const clientId = s.raw('OIDC_CLIENT_ID');
  return {
    publicOrigin: new URL(publicUrlOf(env)).origin,
    trustedOrigins: new Set(s.list('TRUSTED_ORIGINS', (o) => URL.canParse(o), 'a URL').map((o) => new URL(o).origin)),
    smtpUrl: s.raw('SMTP_URL'),
    mailFrom: s.string('MAIL_FROM', 'Marketplace <no-reply@localhost>'),
    staffDomains: s.list('STAFF_EMAIL_DOMAINS').map((d) => d.toLowerCase().replace(/^@/, '')),
    oidc: issuer && clientId
      ? { issuer, clientId, clientSecret: env.OIDC_CLIENT_SECRET ?? '', name: s.string('OIDC_NAME', 'Single sign-on') }
      : undefined,
    sessionAbsoluteDays: s.int('SESSION_ABSOLUTE_DAYS', SESSION_ABSOLUTE_DAYS, { min: 1, max: 3650 }),
  };
}

/** This service's sign-in settings (its own when services share a process, or after a restart with others). */
export const signInConfig: () => SignInConfig = perService((env) => readSignInConfig(env));
