/**
 * `request` fields that carry a credential of their own in a header (not the session or an API
 * key): the routes read them from that header and the OpenAPI document declares each as a
 * security scheme, so both follow from the catalogue's field bindings.
 */
export interface HeaderCredential {
  header: string;
  /** Its name under components.securitySchemes. */
  scheme: string;
  description: string;
}

export const HEADER_CREDENTIALS: Readonly<Record<string, HeaderCredential>> = {
  // A header rather than the query, so the record link's token stays out of logs and history.
  'recording-token': {
    header: 'x-recording-token',
    scheme: 'recordingToken',
    description:
      "The token of a record link (in the link's URL fragment), for the record page's recording operations; " +
      'a missing, expired or replaced token, or a posted draft, is 401',
  },
  // The provider's signature over the webhook's exact body; the identity service checks it.
  'identity-signature': {
    header: 'identity-signature',
    scheme: 'identityProviderSignature',
    description:
      'The identity provider\'s signature of its webhook: `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}` ' +
      'with a secret shared with the operator; a bad, missing or stale one is 401',
  },
};
