/** Injection tokens for what the kit provides to every service. */
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const LOGGER = Symbol('LOGGER');
export const SERVICE_NAME = Symbol('SERVICE_NAME');
