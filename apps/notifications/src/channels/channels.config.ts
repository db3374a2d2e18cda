import { perService, serviceEnv } from '@marketplace/service-kit';

/** Email and push settings, read from the environment once per process. */
export interface ChannelsConfig {
  /** SMTP_URL; without it no alert is emailed and email_delivery reads not_configured. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** PUBLIC_URL: links in emails (unsubscribe, the job) point here. */
  publicUrl: string;
  /** EMAIL_ALERT_WINDOW_SECONDS (default 300): at most one alert email per member per window. */
  emailWindowMs: number;
  /**
   * WEB_PUSH_SUBJECT (a mailto: or https: contact the push services may use): push is on when it
   * is set. VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY give the key pair; without them one is made
   * once and kept in the database, so subscriptions survive restarts and replicas agree.
   */
  push: { subject: string; publicKey?: string; privateKey?: string } | undefined;
  /**
   * Test-only push targets, ignored when NODE_ENV is production: BROWSER_PUSH_TEST_ORIGIN (an https
   * origin taken as a push service and exempt from the address check, for a test's own push
   * service on loopback) and BROWSER_PUSH_TEST_ADDRESS (the address every push service's host
   * resolves to, so a test can show a host answering a private address is refused).
   */
  pushTest: { origin?: string; address?: string };
}

function seconds(value: string | undefined, fallback: number): number {
  const n = Number(value?.trim());
  return value?.trim() && Number.isFinite(n) && n >= 0 && n <= 86_400 ? n : fallback;
}

export function readChannelsConfig(env: NodeJS.ProcessEnv = serviceEnv()): ChannelsConfig {
  const subject = env.WEB_PUSH_SUBJECT?.trim();
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  return {
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'Marketplace <no-reply@marketplace.localhost>',
    publicUrl: (env.PUBLIC_URL?.trim() || 'http://127.0.0.1:3000').replace(/\/+$/, ''),
    emailWindowMs: seconds(env.EMAIL_ALERT_WINDOW_SECONDS, 300) * 1000,
    push: subject ? { subject, ...(publicKey && privateKey ? { publicKey, privateKey } : {}) } : undefined,
    pushTest: env.NODE_ENV === 'production' ? {} : {
      origin: env.BROWSER_PUSH_TEST_ORIGIN?.trim() ? new URL(env.BROWSER_PUSH_TEST_ORIGIN.trim()).origin : undefined,
      address: env.BROWSER_PUSH_TEST_ADDRESS?.trim() || undefined,
    },
  };
}

/** This service's channels (its own when services share a process, or after a restart with others). */
export const channelsConfig: () => ChannelsConfig = perService((env) => readChannelsConfig(env));
