import { AlertEntity } from './alerts/alert.entity.js';
import { Initial1795312905456 } from './migrations/1795312905456-initial.js';

export const notificationsEntities = [AlertEntity];
export const notificationsMigrations = [Initial1795312905456];
