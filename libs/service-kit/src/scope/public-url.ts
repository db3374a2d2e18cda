import { siteSettings } from './kit-settings.js';
import { perService, type ServiceEnv } from './service-scope.js';

/**
 * PUBLIC_URL, read once per service with the one reader: the site's origin and path as members
 * reach it, without a trailing slash. Links a member follows or copies (emails, invite links,
 * download links, recording links, the workflow's addresses) start with it; a value that is not
 * an http(s) URL stops the service at start (run-service reads it).
 */
export const publicUrl = perService(publicUrlOf);

/** The same rule over given settings (a config read from an env of its own). */
/** Where `npm start`'s gateway answers when nothing says otherwise. */
const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';

export function publicUrlOf(env: ServiceEnv): string {
  return (siteSettings.read(env).publicUrl?.href ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
}
