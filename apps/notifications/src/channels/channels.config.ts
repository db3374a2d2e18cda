import { perService, publicUrlOf, serviceEnv, Settings, type ServiceEnv } from '@marketplace/service-kit';

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

/** Read with the kit's settings reader: a bad value stops the service at start, naming the variable. */
export function readChannelsConfig(env: ServiceEnv = serviceEnv()): ChannelsConfig {
  const s = new Settings(env);
  const subject = s.raw('WEB_PUSH_SUBJECT');
  const publicKey = s.raw('VAPID_PUBLIC_KEY');
  const privateKey = s.raw('VAPID_PRIVATE_KEY');
  return {
    smtpUrl: s.raw('SMTP_URL'),
    mailFrom: s.string('MAIL_FROM', 'Marketplace <no-reply@marketplace.localhost>'),
    publicUrl: publicUrlOf(env),
    emailWindowMs: s.duration('EMAIL_ALERT_WINDOW_SECONDS', 300_000, { unit: 's', min: 0, max: 86_400_000 }),
    push: subject ? { subject, ...(publicKey && privateKey ? { publicKey, privateKey } : {}) } : undefined,
    pushTest: env.NODE_ENV === 'production' ? {} : {
      origin: s.url('BROWSER_PUSH_TEST_ORIGIN')?.origin,
      address: s.raw('BROWSER_PUSH_TEST_ADDRESS'),
    },
  };
}

/** This service's channels (its own when services share a process, or after a restart with others). */
export const channelsConfig: () => ChannelsConfig = perService((env) => readChannelsConfig(env));
