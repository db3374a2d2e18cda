/** Only the shared outbox and processed-event tables so far (created by the service kit). */
export const draftsEntities: Function[] = [];
export const draftsMigrations: Function[] = [];
