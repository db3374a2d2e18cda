/** Only the shared outbox and processed-event tables so far (created by the service kit). */
export const adminEntities: Function[] = [];
export const adminMigrations: Function[] = [];
