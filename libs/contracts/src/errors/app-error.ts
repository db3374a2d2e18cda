import type { ErrorBody, WireError } from './error-body.js';
import { codeOfStatus, type ErrorCode } from './error-codes.js';

/**
 * The contract's `help` on every failure of ours (5xx) that names none of its own: where to report
 * it, where to ask for support with money, and where to ask for a feature.
 */
export const HELP_ON_FAILURE =
  'Report it with POST /api/problem-reports (MCP: report_problem); for refunds, chargebacks or payments ask support with ' +
  'POST /api/help (MCP: contact_for_help); ask for a feature with POST /api/feature-requests (MCP: submit_feature_request).';

/**
 * A failure that maps to one HTTP status. Services throw these; the bus carries them as
 * WireError so the gateway answers with the same status and body on REST and MCP.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Omit<ErrorBody, 'error'> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The code callers branch on: the error's own, else its status's. */
  get code(): ErrorCode {
    return this.extra.code ?? codeOfStatus(this.status);
  }

  /** The same error with a code of its own (a refusal callers act on differently). */
  withCode(code: ErrorCode): AppError {
    return new AppError(this.status, this.message, { ...this.extra, code });
  }

  /** The body a caller reads, on REST and over MCP alike. */
  body(): ErrorBody {
    const help = this.extra.help ?? (this.status >= 500 ? HELP_ON_FAILURE : undefined);
    return { error: this.message, code: this.code, ...this.extra, ...(help ? { help } : {}) };
  }

  toWire(): WireError {
    return { status: this.status, error: this.message, ...this.extra, code: this.code };
  }

  static fromWire(wire: WireError): AppError {
    const { status, error, ...extra } = wire;
    return new AppError(status, error, extra);
  }

  static badRequest(message: string, fields?: Record<string, string>): AppError {
    return new AppError(400, message, fields ? { fields } : {});
  }
  static unauthorized(message = 'Sign in or send a valid API key.'): AppError {
    return new AppError(401, message);
  }
  static forbidden(message: string, code?: ErrorCode): AppError {
    return new AppError(403, message, code ? { code } : {});
  }
  static notFound(message = 'Not found.'): AppError {
    return new AppError(404, message);
  }
  static conflict(message: string, fields?: Record<string, string>): AppError {
    return new AppError(409, message, fields ? { fields } : {});
  }
  static tooLarge(message: string): AppError {
    return new AppError(413, message);
  }
  static tooMany(message: string, retryAfter: number): AppError {
    return new AppError(429, message, { retryAfter: Math.max(1, Math.ceil(retryAfter)) });
  }
  static unavailable(message: string): AppError {
    return new AppError(503, message, { help: HELP_ON_FAILURE });
  }
}
