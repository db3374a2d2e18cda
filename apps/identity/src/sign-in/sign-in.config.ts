import { perService, serviceEnv } from '@marketplace/service-kit';
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

function positiveDays(value: string | undefined, fallback: number): number {
  const n = Number(value?.trim());
  return value?.trim() && Number.isInteger(n) && n >= 1 && n <= 3650 ? n : fallback;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

export function readSignInConfig(env: NodeJS.ProcessEnv = serviceEnv()): SignInConfig {
  const publicUrl = env.PUBLIC_URL || 'http://127.0.0.1:3000';
  const issuer = env.OIDC_ISSUER?.trim();
  const clientId = env.OIDC_CLIENT_ID?.trim();
  return {
    publicOrigin: originOf(publicUrl) ?? publicUrl,
    trustedOrigins: new Set(list(env.TRUSTED_ORIGINS).map((o) => originOf(o)).filter((o): o is string => !!o)),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'Marketplace <no-reply@localhost>',
    staffDomains: list(env.STAFF_EMAIL_DOMAINS).map((d) => d.toLowerCase().replace(/^@/, '')),
    oidc: issuer && clientId
      ? { issuer, clientId, clientSecret: env.OIDC_CLIENT_SECRET ?? '', name: env.OIDC_NAME?.trim() || 'Single sign-on' }
      : undefined,
    sessionAbsoluteDays: positiveDays(env.SESSION_ABSOLUTE_DAYS, SESSION_ABSOLUTE_DAYS),
  };
}

/** This service's sign-in settings (its own when services share a process, or after a restart with others). */
export const signInConfig: () => SignInConfig = perService((env) => readSignInConfig(env));
