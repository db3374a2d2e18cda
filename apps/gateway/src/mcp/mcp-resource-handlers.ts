import { AppError } from '@marketplace/contracts';
import type { Server } from '@modelcontextprotocol/server';

import { renameFields } from '../call/field-errors.js';
import { callContextOf } from './mcp-http.js';
import { PUBLIC_RESOURCE_TTL_MS, resolveResource, RESOURCE_TEMPLATES, type ResourceDef, RESOURCES } from './mcp-resources.js';
import type { McpSdk } from './mcp-sdk.js';
import { invokeTool, type ToolDeps } from './mcp-tool-call.js';
import type { Tool } from './mcp-tools.js';

/** resources/list, resources/templates/list and resources/read: each resource is read by its read tool. */
export function serveResources(server: Server, sdk: McpSdk, tools: Map<string, Tool>, deps: ToolDeps): void {
  server.setRequestHandler('resources/list', async () => ({ resources: RESOURCES.map(listedResource) }));
  server.setRequestHandler('resources/templates/list', async () => ({
    resourceTemplates: RESOURCE_TEMPLATES.map((def) => {
      const { uri, ...listed } = listedResource(def);
      return { uriTemplate: uri, ...listed };
    }),
  }));
  server.setRequestHandler('resources/read', async (request, serverCtx) => {
    const { uri } = request.params;
    const found = resolveResource(uri);
    if (!found) throw new sdk.ResourceNotFoundError(uri, `No resource ${uri}: resources/list and resources/templates/list name them.`);
    const tool = tools.get(found.def.tool)!;
    let data: unknown;
    try {
      data = await invokeTool(tool, found.args, callContextOf(serverCtx), deps);
    } catch (err) {
      const e = err instanceof AppError ? renameFields(err, tool.fields, 'mcp') : new AppError(500, 'Something went wrong on our side.');
      if (e.status === 404) throw new sdk.ResourceNotFoundError(uri, e.message);
      throw new sdk.ProtocolError(e.status >= 500 ? sdk.ProtocolErrorCode.InternalError : sdk.ProtocolErrorCode.InvalidParams, e.message, {
        status: e.status,
        ...e.extra,
      });
    }
    const memberWritten = tool.memberWritten.filter((p) => p.startsWith('result.')).map((p) => p.slice('result.'.length));
    const shared = found.def.cacheScope === 'public';
    return {
      contents: [
        {
          uri,
          mimeType: 'application/json',
          text: JSON.stringify(data),
          ...(memberWritten.length ? { _meta: { [MEMBER_WRITTEN_META]: memberWritten } } : {}),
        },
      ],
      ttlMs: shared ? PUBLIC_RESOURCE_TTL_MS : 0,
      cacheScope: found.def.cacheScope,
    };
  });
}

/** The `_meta` key on resource contents naming where member-written text sits (see MEMBER_WRITTEN). */
const MEMBER_WRITTEN_META = 'marketplace/memberWritten';

function listedResource(def: ResourceDef) {
  return { uri: def.uri, name: def.name, title: def.title, description: def.description, mimeType: 'application/json' };
}
