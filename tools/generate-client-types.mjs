#!/usr/bin/env node
// Part of `npm run build`: writes libs/client/src/api-types.ts from the OpenAPI document the gateway
// serves (built from the operation catalogue) with openapi-typescript, after the gateway is built
// and before the client is. The file is written only when it changed, so incremental builds stay quick.
import { readFile, writeFile } from 'node:fs/promises';

import { CLIENT_TYPES_FILE, clientTypes } from '../apps/gateway/dist/openapi/client-types.js';

const fresh = await clientTypes();
const current = await readFile(CLIENT_TYPES_FILE, 'utf8').catch(() => undefined);
if (current !== fresh) await writeFile(CLIENT_TYPES_FILE, fresh);
