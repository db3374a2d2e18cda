import { z } from 'zod';

export const CATEGORIES = [
  'consulting', 'data', 'design', 'engineering', 'legal', 'marketing',
  'operations', 'physical', 'research', 'writing', 'other',
] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY',
  'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV',
  'WI', 'WY', 'DC',
] as const;
export const usStateSchema = z.enum(US_STATES);

/** Id parameters are strings of at most 100 characters (spec: MCP conventions). */
export const idSchema = z.string().trim().min(1, 'Required.').max(100, 'At most 100 characters.');

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

/** A parameter that the contract retired: present means 400. */
export function retired(name: string, instead: string) {
  return z
    .unknown()
    .optional()
    .refine((v) => v === undefined, { message: `${name} is retired. ${instead}` })
    .describe(`Retired; sending it answers 400. ${instead}`);
}

/** Single-line text: a line break is refused rather than silently removed. */
export function oneLine(max: number) {
  return z
    .string({ error: 'Required.' })
    .trim()
    .min(1, 'Required.')
    .max(max, `At most ${max} characters.`)
    .refine((s) => !/[\r\n]/.test(s), { message: 'Must be one line.' });
}

export function text(max: number) {
  return z
    .string({ error: 'Required.' })
    .trim()
    .min(1, 'Required.')
    .max(max, `At most ${max} characters.`);
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
