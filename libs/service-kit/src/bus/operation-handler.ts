import type { Caller, ClientFacts, InputOf, Operation, OutputOf, Surface } from '@marketplace/contracts';
import type { Provider, Type } from '@nestjs/common';

export interface HandlerContext {
  requestId: string;
  /** Verified from the gateway's signature and already checked against the operation's access. */
  caller: Caller | null;
  /** The signed caller, passed on when this handler calls another service on the caller's behalf. */
  callerToken?: string;
  surface: Surface;
  /** The HTTP client (IP, user agent) when the request came through the gateway. */
  client?: ClientFacts;
}

/** One use case: the service answers `operation.subject` with `handle`. */
export interface OperationHandler<Op extends Operation = Operation> {
  readonly operation: Op;
  handle(input: InputOf<Op>, ctx: HandlerContext): Promise<OutputOf<Op>>;
}

export const OPERATION_HANDLERS = Symbol('OPERATION_HANDLERS');

/** Collects a service's handler classes so the bus server can subscribe each one. */
export function handlersProvider(...handlers: Type<OperationHandler<any>>[]): Provider {
  return { provide: OPERATION_HANDLERS, useFactory: (...instances: OperationHandler[]) => instances, inject: handlers };
}
