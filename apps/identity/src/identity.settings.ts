import { SESSION_ABSOLUTE_DAYS } from '@marketplace/contracts';
import { defineSettings, identityLimits, mailSettings, originSettings, setting } from '@marketplace/service-kit';

/** What identity alone reads; its limits are identityLimits, mail and trusted origins the kit's shared groups. */
export const identitySettings = defineSettings('identity', 'identity', {
  staffEmailDomains: setting.list('STAFF_EMAIL_DOMAINS', { description: 'domains whose verified addresses are staff and enter without an invitation' }),
  sessionAbsoluteDays: setting.int('SESSION_ABSOLUTE_DAYS', {
    default: SESSION_ABSOLUTE_DAYS,
    min: 1,
    max: 3650,
    description: 'days from sign-in after which a browser session ends however much it is used',
  }),
  oidcIssuer: setting.string('OIDC_ISSUER', { description: 'an OpenID Connect provider to sign in with (with OIDC_CLIENT_ID)' }),
  oidcClientId: setting.string('OIDC_CLIENT_ID', { description: 'the client id at the OpenID Connect provider' }),
  oidcClientSecret: setting.string('OIDC_CLIENT_SECRET', { secret: true, description: 'the client secret at the OpenID Connect provider' }),
  oidcName: setting.string('OIDC_NAME', { default: 'Single sign-on', description: 'what the sign-in button calls the provider' }),
  inviteOnly: setting.bool('INVITE_ONLY', {
    default: false,
    description: 'only admitted members read jobs and members (the operator may change it at runtime)',
  }),
  identityVerification: setting.bool('IDENTITY_VERIFICATION', {
    default: false,
    description: 'new members go through the sign-up steps (the operator may change it at runtime)',
  }),
  invitationsPerMember: setting.int('INVITATIONS_PER_MEMBER', {
    default: 5,
    min: 0,
    description: 'people per member across email invites and link joins; 0: unlimited',
  }),
  networkProviderUrl: setting.url('NETWORK_PROVIDER_URL', { description: 'the network profile provider; unset: look-ups and imports answer 503' }),
  networkProviderToken: setting.string('NETWORK_PROVIDER_TOKEN', { secret: true, description: "the network profile provider's bearer token" }),
  identityProviderUrl: setting.url('IDENTITY_PROVIDER_URL', { description: 'the identity verification provider; unset: checks answer 503' }),
  identityProviderToken: setting.string('IDENTITY_PROVIDER_TOKEN', { secret: true, description: "the identity verification provider's bearer token" }),
  identityWebhookSecret: setting.string('IDENTITY_WEBHOOK_SECRET', {
    secret: true,
    description: "secrets (comma-separated) the identity provider's webhooks are signed with",
  }),
  analyticsProjectToken: setting.string('ANALYTICS_PROJECT_TOKEN', {
    description: "the web analytics project's public token (with ANALYTICS_HOST); unset: no analytics",
  }),
  analyticsHost: setting.string('ANALYTICS_HOST', { description: 'where the web analytics script sends events' }),
  analyticsEnvironment: setting.string('ANALYTICS_ENVIRONMENT', { description: 'the environment analytics events are labelled with; unset: NODE_ENV' }),
});

/**
 * Every group of settings identity reads (its limits among them): read at its start, and rendered
 * into the operators' table (npm run docs:settings).
 */
export const SETTINGS = [identitySettings, identityLimits, originSettings, mailSettings];
