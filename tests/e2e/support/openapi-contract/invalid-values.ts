import type { JsonSchema } from './document-operations.js';

/**
 * Values that break one rule of a schema, the way a negative test generator breaks them: a value
 * of another type, one past each bound (length, number, items), a value outside an enum, a string
 * outside a pattern, an object missing a required property or carrying an unknown one. The caller
 * keeps only those ajv confirms are invalid, so a candidate that happens to fit (a union's other
 * branch, say) is never sent as "invalid".
 */
export function invalidCandidates(schema: JsonSchema, valid: unknown): unknown[] {
  const out: unknown[] = [null, true, 'not-valid-here', 123456789, -1, 1.5, {}, []];
  const visit = (s: JsonSchema): void => {
    const n = (key: string): number | undefined => (typeof s[key] === 'number' ? (s[key] as number) : undefined);
    const maxLength = n('maxLength');
    const minLength = n('minLength');
    // Letters, not spaces: the server trims text before it counts it.
    if (maxLength !== undefined && maxLength < 50_000) out.push('x'.repeat(maxLength + 1));
    if (minLength !== undefined && minLength > 0) out.push('x'.repeat(minLength - 1));
    if (typeof s.pattern === 'string') out.push('\u0001', 'x y', '!!', '', 'http://example.com/in/x');
    if (Array.isArray(s.enum)) out.push('none-of-the-listed-values', 0);
    const minimum = n('minimum');
    const maximum = n('maximum');
    if (minimum !== undefined) out.push(minimum - 1);
    if (maximum !== undefined) out.push(maximum + 1);
    if (s.type === 'integer') out.push(2.5);
    const maxItems = n('maxItems');
    const minItems = n('minItems');
    if (maxItems !== undefined && maxItems < 1000) {
      const item = Array.isArray(valid) && valid.length ? valid[0] : 'x';
      out.push(Array.from({ length: maxItems + 1 }, () => item));
    }
    if (minItems !== undefined && minItems > 0) out.push([]);
    for (const branch of [...((s.anyOf ?? []) as JsonSchema[]), ...((s.oneOf ?? []) as JsonSchema[])]) visit(branch);
  };
  visit(schema);
  if (valid && typeof valid === 'object' && !Array.isArray(valid)) {
    const object = valid as Record<string, unknown>;
    for (const key of (schema.required ?? []) as string[]) {
      const { [key]: _missing, ...rest } = object;
      out.push(rest);
    }
    if (schema.additionalProperties === false) out.push({ ...object, unknown_field_x: 1 });
  }
  return out;
}
