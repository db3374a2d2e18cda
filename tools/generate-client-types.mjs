#!/usr/bin/env node
// `npm run client:types`: writes libs/client/src/api-types.ts from the OpenAPI document the gateway
// serves (built from the operation catalogue), with openapi-typescript. Run it after changing an
// operation; apps/gateway/src/openapi/client-types.spec.ts fails while the file is stale.
import { writeFile } from 'node:fs/promises';
import { clientTypes, CLIENT_TYPES_FILE } from '../apps/gateway/dist/openapi/client-types.js';

await writeFile(CLIENT_TYPES_FILE, await clientTypes());
console.log(`wrote ${CLIENT_TYPES_FILE}`);
