import { mailSettings, perService, processSettings, publicUrlOf, type ServiceEnv, serviceEnv } from '@marketplace/service-kit';

import { notificationsSettings } from '../notifications.settings.js';

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

/** From the declared settings: a bad value stops the service at start, naming the variable. */
export function readChannelsConfig(env: ServiceEnv = serviceEnv()): ChannelsConfig {
  const s = notificationsSettings.read(env);
  const { webPushSubject: subject, vapidPublicKey: publicKey, vapidPrivateKey: privateKey } = s;
  const mail = mailSettings.read(env);
  return {
    smtpUrl: mail.smtpUrl,
    mailFrom: mail.mailFrom,
    publicUrl: publicUrlOf(env),
    emailWindowMs: s.emailAlertWindowMs,
    push: subject ? { subject, ...(publicKey && privateKey ? { publicKey, privateKey } : {}) } : undefined,
    pushTest:
      processSettings.read(env).nodeEnv === 'production'
        ? {}
        : {
            origin: s.browserPushTestOrigin?.origin,
            address: s.browserPushTestAddress,
          },
  };
}

/** This service's channels (its own when services share a process, or after a restart with others). */
export const channelsConfig: () => ChannelsConfig = perService((env) => readChannelsConfig(env));
