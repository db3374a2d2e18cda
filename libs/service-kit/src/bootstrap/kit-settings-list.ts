import { outboundSettings } from '../outbound/outbound-address.js';
import {
  busSettings,
  databaseSettings,
  hostSettings,
  modelSettings,
  processSettings,
  secretSettings,
  siteSettings,
  storageSettings,
  tracingSettings,
  workerSettings,
} from '../scope/kit-settings.js';
import type { ServiceEnv } from '../scope/service-scope.js';
import { readStorageConfig } from '../storage/storage-config.js';

/** Every group the kit declares, in the operators' table's order (the services' limits are LIMIT_SETTINGS). */
export const KIT_SETTINGS = [
  processSettings,
  siteSettings,
  busSettings,
  outboundSettings,
  databaseSettings,
  storageSettings,
  tracingSettings,
  workerSettings,
  modelSettings,
  secretSettings,
  hostSettings,
];

/**
 * Reads every setting the kit declares, at a service's start: a bad value throws a SettingError
 * naming the variable. Object storage is optional for most services, so its settings are read
 * when any of them is set.
 */
export function readKitSettings(env: ServiceEnv): void {
  const storageSet = Object.keys(env).some((k) => k.startsWith('S3_') && env[k]?.trim());
  for (const group of KIT_SETTINGS) if (group !== storageSettings || storageSet) group.read(env);
  if (storageSet) readStorageConfig(env);
}
