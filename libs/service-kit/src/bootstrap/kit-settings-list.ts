import {
  busSettings, databaseSettings, hostSettings, modelSettings, processSettings, secretSettings, siteSettings, storageSettings, tracingSettings, workerSettings,
} from '../scope/kit-settings.js';
import { outboundSettings } from '../outbound/outbound-address.js';

/** Every group the kit declares, in the operators' table's order (the services' limits are LIMIT_SETTINGS). */
export const KIT_SETTINGS = [
  processSettings, siteSettings, busSettings, outboundSettings, databaseSettings, storageSettings, tracingSettings, workerSettings,
  modelSettings, secretSettings, hostSettings,
];
