import { catalogue, type Operation } from '@marketplace/contracts';

/** The catalogue's operations with a REST route, less the internal ones: what the OpenAPI document describes. */
export function restOperations(): Operation[] {
  return catalogue.filter((op) => op.rest && op.access !== 'internal');
}
