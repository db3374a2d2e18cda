import { z } from 'zod';

/**
 * What an operation with a binary REST response (`rest.binary`) answers on the bus: the gateway
 * sends the decoded bytes with this content type and cache policy instead of JSON.
 */
export const binaryResponseSchema = z.object({
  contentType: z.string(),
  data: z.string().describe('base64'),
  cacheControl: z.string().optional().describe('Replaces the default no-store'),
});
export type BinaryResponse = z.infer<typeof binaryResponseSchema>;
