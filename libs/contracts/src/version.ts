/** Version of the machine-readable contract (OpenAPI info.version). */
export const CONTRACT_VERSION = '0.55.2';
