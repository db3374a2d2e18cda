/**
 * What the OpenAPI contract fuzzer (tests/e2e/openapi-contract.e2e.ts) lets pass on purpose, each
 * with its reason: the one place a deliberate difference between the document and the server is
 * written down. Anything the fuzzer finds that is not listed here fails the test, and is fixed in
 * the catalogue's schemas or in the document, not added here without a reason a reviewer accepts.
 */

/** The checks the fuzzer runs on every answer; a finding names one. */
export type ContractCheck =
  | 'server error'
  | 'undeclared status'
  | 'undeclared content type'
  | 'body outside the declared schema'
  | 'valid input refused'
  | 'invalid input accepted'
  | 'anonymous caller let in'
  | 'method not answered with 405';

export interface AllowedFinding {
  /** `METHOD /path` as the document lists it. */
  operation: string;
  check: ContractCheck;
  /** Only findings whose detail (the request and the answer) matches: the one rule meant, not the whole check. */
  when: RegExp;
  /** Why the difference is deliberate (or cannot be said in OpenAPI), for the reviewer. */
  reason: string;
}

/**
 * Rules the document states in words for every string (info.description) rather than as a pattern
 * on each: the generator keeps to them instead of finding them again on every field.
 */
export interface GeneratorRule {
  rule: string;
  reason: string;
  allows: (value: string) => boolean;
}

export const GENERATOR_RULES: readonly GeneratorRule[] = [
  {
    rule: 'no NUL (U+0000) and no unpaired surrogate in any string',
    reason:
      'PostgreSQL text holds no NUL and JSON text no lone surrogate; every field of every operation refuses both with 400 ' +
      '(validateInput, libs/contracts), as info.description says. A pattern on each of some 250 strings would only repeat it.',
    allows: (value) => !value.includes('\u0000') && value.isWellFormed(),
  },
  {
    rule: 'characters of the Basic Multilingual Plane only',
    reason:
      "The server counts a string's length in UTF-16 code units (JavaScript, zod), JSON Schema in code points, so a " +
      'character outside the BMP (an emoji) counts twice against a maxLength on the server; JSON Schema cannot say so, ' +
      'and info.description does.',
    allows: (value) => !/[\u{10000}-\u{10ffff}]/u.test(value),
  },
];

export const ALLOWED_FINDINGS: readonly AllowedFinding[] = [
  {
    operation: 'GET /api/jobs/search',
    check: 'valid input refused',
    when: /Must not be below min_budget/,
    reason:
      'max_budget may not be below min_budget: a rule between two parameters, which OpenAPI cannot state ' +
      '(JSON Schema compares no two values); the parameter descriptions say it.',
  },
  {
    operation: 'GET /api/messages',
    check: 'valid input refused',
    when: /Needs application_id/,
    reason: 'before pages one conversation, so it needs application_id: OpenAPI has no dependency between parameters.',
  },
  {
    operation: 'POST /api/problem-reports',
    check: 'valid input refused',
    when: /Must not be in the future/,
    reason: 'occurredAt may not be later than now: a bound that moves with the clock, which a schema cannot carry.',
  },
  {
    operation: 'POST /api/contact-notifications/unsubscribe',
    check: 'valid input refused',
    when: /unsubscribe link is not valid/,
    reason:
      'The token is signed by the notifications service: a schema can describe text, not a signature, and a forged ' +
      'token is refused as invalid input (400), as the unsubscribe page refuses it.',
  },
  {
    operation: 'POST /api/me/webhooks',
    check: 'valid input refused',
    when: /resolves to public internet addresses only/,
    reason:
      'An endpoint is taken only when its host resolves, at registration, to public addresses (and http only to loopback ' +
      'outside production): a lookup and a setting, not a shape a schema can carry.',
  },
  {
    operation: 'POST /api/jobs/{id}/applications',
    check: 'valid input refused',
    when: /acceptResponsibility|Unknown field/,
    reason:
      "The path answers by credential (x-credential-variants): its body is oneOf the member's application and the team " +
      "surface's, and a member's API key gets the member operation, which refuses the team shape. The description says which " +
      'credential gets which; a tool that does not read it sends either.',
  },
];
