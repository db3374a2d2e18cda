import type { Tool } from './mcp-tools.js';

/**
 * A tool whose operation takes `model` (the AI model that did the work: apply_to_job, submit_work,
 * found from the catalogue, not named here) gets the call's llm_model there when it names no model
 * itself: the agent has already said which model it is, and asking twice only earns refusals
 * ("model is required over MCP"). "unknown" says nothing and is not used; nor is a value the field
 * would refuse (a line break, too long), so a call never fails for an argument the agent did not set.
 */
export function withLlmModel(tool: Tool, own: Record<string, unknown>, llmModel: string | undefined): Record<string, unknown> {
  const given = llmModel?.trim();
  if (!given || given.toLowerCase() === 'unknown') return own;
  const field = tool.fields.find((f) => f.key === 'model');
  if (!field || own[field.mcp] !== undefined || !field.schema.safeParse(given).success) return own;
  return { ...own, [field.mcp]: given };
}
