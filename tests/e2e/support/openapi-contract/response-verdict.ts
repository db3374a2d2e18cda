import type { ContractCheck } from './contract-allow-list.js';
import { allowsAnonymous, declaredResponse } from './document-operations.js';
import type { PlannedRequest } from './request-plan.js';
import type { SchemaValidator } from './schema-validator.js';

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  headers: Headers;
}

export interface Finding {
  operation: string;
  check: ContractCheck;
  detail: string;
}

function excerpt(text: string, length = 300): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

function describe(req: PlannedRequest, answer: Answer): string {
  const body = typeof req.body === 'string' ? ` body ${excerpt(req.body, 160)}` : req.body ? ` body ${req.body.length} bytes` : '';
  return `${req.credential} ${req.intent}${req.spoiled ? ` (${req.spoiled})` : ''}: ${req.method} ${excerpt(req.url, 160)}${body} → ${answer.status} ${excerpt(answer.text)}`;
}

/**
 * What Schemathesis's checks ask of one answer, against the document alone: no server error, a
 * status the operation declares, a declared media type, a body its schema for that status allows,
 * a valid request not refused as invalid (400), an invalid one not accepted (2xx), and a caller
 * with no credential not let in where the document asks for one.
 */
export function judge(validator: SchemaValidator, req: PlannedRequest, answer: Answer): Finding[] {
  const out: Finding[] = [];
  const found = (check: ContractCheck) => out.push({ operation: req.op.key, check, detail: describe(req, answer) });
  const { status } = answer;
  if (status >= 500 && status !== 503) found('server error');
  const declared = declaredResponse(req.op, status);
  if (!declared) found('undeclared status');
  if (req.intent === 'valid' && status === 400) found('valid input refused');
  if (req.intent === 'invalid' && status >= 200 && status < 300) found('invalid input accepted');
  if (req.credential === 'anonymous' && !allowsAnonymous(req.op) && status >= 200 && status < 400) found('anonymous caller let in');
  if (!declared) return out;
  const mediaTypes = Object.keys(declared.content);
  if (!mediaTypes.length || !answer.text || req.method === 'HEAD') return out;
  const type = answer.contentType.split(';')[0]!.trim().toLowerCase();
  if (!mediaTypes.includes(type)) {
    found('undeclared content type');
    return out;
  }
  const schema = declared.content[type];
  if (!schema || !/json/.test(type)) return out;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    found('body outside the declared schema');
    return out;
  }
  const verdict = validator.check(schema, body);
  if (!verdict.valid) out.push({ operation: req.op.key, check: 'body outside the declared schema', detail: `${verdict.errors}; ${describe(req, answer)}` });
  return out;
}
