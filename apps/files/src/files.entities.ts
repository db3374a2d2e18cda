/** Only the shared outbox and processed-event tables so far (created by the service kit). */
export const filesEntities: Function[] = [];
export const filesMigrations: Function[] = [];
