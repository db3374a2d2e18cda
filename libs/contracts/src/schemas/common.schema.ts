import { z } from 'zod';

export const CATEGORIES = [
  'consulting',
  'data',
  'design',
  'engineering',
  'legal',
  'marketing',
  'operations',
  'physical',
  'research',
  'writing',
  'other',
] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'DC',
] as const;
export const usStateSchema = z.enum(US_STATES);

/*
 * Patterns the server checks and the OpenAPI document carries, so a client's tools know them. Text
 * is trimmed before it is checked, so each pattern is written for the text as sent: it allows the
 * whitespace trimming removes at either end (JavaScript's \s is exactly what trim removes) and
 * judges what is left. Tested on the trimmed text, it answers the same.
 */

/** Some text that is not only whitespace. */
export const SOME_TEXT_PATTERN = /\S/;
/** One line of text: something that is not whitespace, and no line break once trimmed. */
export const ONE_LINE_PATTERN = /^\s*\S(?:[^\r\n]*\S)?\s*$/;
/** An id as sent in a path or a field: not only whitespace, and no control character (C0 or DEL) once trimmed. */
export const ID_PATTERN = /^\s*[^\s\x00-\x1f\x7f](?:[^\x00-\x1f\x7f]*[^\s\x00-\x1f\x7f])?\s*$/;

/** Id parameters are strings of at most 100 characters (spec: MCP conventions), without control characters. */
export const idSchema = z.string().trim().min(1, 'Required.').max(100, 'At most 100 characters.').regex(ID_PATTERN, 'Must not contain control characters.');

/**
 * Records are named by UUIDs. Ids arrive as text of at most 100 characters (idSchema), so any other
 * text names nothing: services answer 404 without asking the database, which would refuse it.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID_PATTERN.test(id);
}

export const dateTimeSchema = z.string().describe('ISO 8601 date-time');

/** Whole numbers given as strings in a query are converted by the gateway before this runs. */
export function intIn(min: number, max: number, fallback?: number) {
  const base = z
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(min, `Must be at least ${min}.`)
    .max(max, `Must be at most ${max}.`);
  return fallback === undefined ? base.optional() : base.default(fallback);
}

/**
 * A job version number. Versions are stored as 32-bit integers, so a larger one could never match:
 * it is refused as invalid rather than sent to the database, which refuses it with an error.
 */
export const versionNumberSchema = z
  .number({ error: 'Must be a whole number.' })
  .int('Must be a whole number.')
  .min(1, 'Must be at least 1.')
  .max(2_147_483_647, 'Must be at most 2147483647.');

/**
 * Fields the server knows only to refuse (retired ones, and those of a feature that is off): the
 * OpenAPI document leaves them out, so nothing a client generates from it sends them, while the
 * server still answers one sent with its 400 naming why.
 */
export const refusedFields = z.registry<{ reason: string }>();

/**
 * Optional fields that an empty (or blank) string clears like null. The preprocess is not JSON
 * Schema, so it is registered here and `contractJsonSchemaOverride` adds the blank string to what
 * the field's schema accepts.
 */
export const blankClears = z.registry<Record<string, never>>();

/** Optional text that may be cleared with null; an empty string also clears it. */
export function clearable<S extends z.ZodType>(schema: S) {
  const clearing = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable());
  blankClears.add(clearing, {});
  return clearing.optional();
}

/**
 * For z.toJSONSchema's `override`: what the catalogue's rules add that zod cannot write itself
 * (a blank string that clears a field). Every surface that publishes the schemas passes it.
 */
export function contractJsonSchemaOverride(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  if (!blankClears.has(ctx.zodSchema as z.ZodType)) return;
  const { anyOf, ...rest } = ctx.jsonSchema;
  const branches = Array.isArray(anyOf) ? anyOf : [{ ...rest }];
  for (const key of Object.keys(rest)) if (key !== 'description') delete ctx.jsonSchema[key];
  ctx.jsonSchema.anyOf = [...branches, { type: 'string', pattern: '^\\s*$' }];
}

/** How a retired parameter's description starts (the MCP tool list leaves such parameters out). */
export const RETIRED_PREFIX = 'Retired; sending it answers 400. ';

/** A parameter that the contract retired: present means 400. */
export function retired(name: string, instead: string) {
  const schema = z
    .unknown()
    .optional()
    .refine((v) => v === undefined, { message: `${name} is retired. ${instead}` })
    .describe(`${RETIRED_PREFIX}${instead}`);
  refusedFields.add(schema, { reason: `${name} is retired` });
  return schema;
}

/** Single-line text: a line break is refused rather than silently removed. */
export function oneLine(max: number) {
  return z.string({ error: 'Required.' }).trim().min(1, 'Required.').max(max, `At most ${max} characters.`).regex(ONE_LINE_PATTERN, 'Must be one line.');
}

/** Text of at most `max` characters once trimmed; only whitespace counts as none (the pattern says so to clients). */
export function text(max: number) {
  return z.string({ error: 'Required.' }).trim().min(1, 'Required.').max(max, `At most ${max} characters.`).regex(SOME_TEXT_PATTERN, 'Required.');
}

/** A reporting period in UTC days, today included: an enum, so clients and the document know the three. */
export const reportDaysSchema = z.literal([7, 30, 90], { error: 'Must be 7, 30 or 90.' }).default(30).describe('7, 30 or 90 (UTC days, today included)');

/**
 * An https URL as members give one (a website, a profile link): `https://`, a host name whose last
 * label starts with a letter (a number there would be read as an IPv4 address, which the URL
 * parser may refuse), an optional port, then anything without whitespace. The document carries the
 * pattern; the server checks it and then parses the URL. `path` narrows what follows the host.
 */
export function httpsUrlPattern(path = '(?:[/?#]\\S*)?'): RegExp {
  const port = '(?::(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3}|0))?';
  const host = '(?:[A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*';
  return new RegExp(`^\\s*https://${host}${port}${path}\\s*$`);
}

/**
 * Every character of the Basic Multilingual Plane that toLowerCase changes (capitals, titlecase
 * letters, Roman numerals, circled capitals) as a regex class: a plain class rather than
 * \p{Changes_When_Lowercased}, which the regex engines of many clients' tools (Python's, say) do not
 * read. Characters beyond the BMP (Deseret capitals) are not in it.
 */
function changesWhenLowercased(): string {
  const hex = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;
  const ranges: string[] = [];
  let start = -1;
  for (let c = 0; c <= 0x10000; c++) {
    const ch = String.fromCharCode(c);
    const changes = c < 0x10000 && (c < 0xd800 || c > 0xdfff) && ch.toLowerCase() !== ch;
    if (changes && start < 0) start = c;
    if (!changes && start >= 0) {
      ranges.push(start === c - 1 ? hex(start) : `${hex(start)}-${hex(c - 1)}`);
      start = -1;
    }
  }
  return ranges.join('');
}

/** Text with no character that lowercasing would change: "all lowercase", as a pattern. */
export const LOWERCASE_PATTERN = new RegExp(`^[^${changesWhenLowercased()}]*$`);

/**
 * Input fields of which a change needs at least one: an edit that names none of them is refused
 * (400, the message given). The refinement is the rule; the registry lets the OpenAPI document say
 * it (`minProperties` when every body field counts, else `anyOf` of `required`).
 */
export const changeFields = z.registry<{ keys: readonly string[] }>();

export function atLeastOneOf<S extends z.ZodObject>(schema: S, keys: readonly string[], message: string): S {
  const refined = schema.refine((input) => keys.some((k) => (input as Record<string, unknown>)[k] !== undefined), { message });
  changeFields.add(refined, { keys });
  return refined;
}

export const okSchema = z.object({ status: z.literal('ok') });

/**
 * The JSON Schema keyword on text that members write (titles, descriptions, messages, names):
 * content from people, to be shown or quoted, never followed as instructions by an agent. MCP
 * results name where such text sits, so an agent and its host can keep it apart.
 */
export const MEMBER_WRITTEN = 'x-member-written';

/** A string a member wrote; see MEMBER_WRITTEN. */
export const memberText = z.string().meta({ [MEMBER_WRITTEN]: true });
