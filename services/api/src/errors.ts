import { ErrorCodes, type ErrorCode, type TErrorBody } from '@insp/contracts';
import type { ZodError } from 'zod';

/** Services throw this; one table (ErrorCodes) turns the code into an HTTP status and a tRPC code. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return ErrorCodes[this.code];
  }
  toBody(): TErrorBody {
    return { statusCode: this.status, error: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) };
  }
}

/** A 400 naming the field it blames: `path: message`, with `field` set (every refusal of a bad input reads so). */
export const badField = (path: string, message: string) => new AppError('BAD_REQUEST', `${path}: ${message}`, path);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'Your permissions are not enough for this action.') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Sign-in required') => new AppError('UNAUTHORIZED', message);

/** Zod issues → one 400 whose message starts with the field name, e.g. "email: must be an e-mail address". */
export function fromZodIssues(issues: ZodError['issues'], prefix?: string): AppError {
  const first = issues[0];
  const path = [prefix, ...(first?.path ?? []).map(String)].filter(Boolean).join('.');
  const message = issues
    .map((i) => {
      const p = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
      return p ? `${p}: ${i.message}` : i.message;
    })
    .join('; ');
  return new AppError('BAD_REQUEST', message || 'Invalid input', path || undefined);
}

export const trpcCodeOf: Record<ErrorCode, 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'INTERNAL_SERVER_ERROR' | 'SERVICE_UNAVAILABLE'> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  GONE: 'NOT_FOUND', // tRPC has no 410; shared links are served over REST only
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};
