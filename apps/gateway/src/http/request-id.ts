import { randomUUID } from 'node:crypto';

const VALID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's request id when it is sane, so traces join up across systems; else makes one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && VALID.test(value) ? value : randomUUID();
}
