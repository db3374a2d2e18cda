import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

import type { JsonSchema } from './document-operations.js';

// Both packages are CommonJS with a `default` beside module.exports; take whichever the loader gave.
type AjvClass = typeof import('ajv/dist/2020.js').default;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;
type AddFormats = typeof import('ajv-formats').default;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

export interface Verdict {
  valid: boolean;
  /** The first few errors, as ajv words them, when not valid. */
  errors: string;
}

/**
 * JSON Schema 2020-12 (what the document's schemas are, OpenAPI 3.1) checked with ajv and its
 * formats, one compiled validator per distinct schema. Not strict: the document carries
 * annotations ajv does not know (`example`, `x-member-written`, `contentMediaType`).
 */
export class SchemaValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly compiled = new Map<string, (value: unknown) => Verdict>();

  constructor() {
    addFormats(this.ajv);
  }

  check(schema: JsonSchema, value: unknown): Verdict {
    const text = JSON.stringify(schema);
    let validate = this.compiled.get(text);
    if (!validate) {
      const fn = this.ajv.compile(schema);
      validate = (v: unknown) => {
        const valid = fn(v) === true;
        return { valid, errors: valid ? '' : this.ajv.errorsText(fn.errors?.slice(0, 3)) };
      };
      this.compiled.set(text, validate);
    }
    return validate(value);
  }
}
