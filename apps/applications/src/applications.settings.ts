import { applicationsLimits } from '@marketplace/service-kit';

/**
 * Every group of settings applications declares (its limits among them): read at its start, and rendered
 * into the operators' table (npm run docs:settings).
 */
export const SETTINGS = [applicationsLimits];
