/** Where the MCP endpoint answers: the protected resource OAuth tokens are issued for. */
export const MCP_PATH = '/api/mcp';
