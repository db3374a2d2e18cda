import { AlertEntity } from './alerts/alert.entity.js';
import { Initial1795312905456 } from './migrations/1795312905456-initial.js';
import { AlertsPerMember1795319499222 } from './migrations/1795319499222-alerts-per-member.js';

export const notificationsEntities = [AlertEntity];
export const notificationsMigrations = [Initial1795312905456, AlertsPerMember1795319499222];
