import { loadOnFirstUse } from '../scope/load-on-first-use.js';

/** The mail library (nodemailer), loaded by a process's first email rather than by every process of a service that sends some (~3 MiB each). */
export const loadMailer = loadOnFirstUse(async () => (await import('nodemailer')).default);
