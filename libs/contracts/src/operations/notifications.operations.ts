import { z } from 'zod';
import { defineOperation } from '../operation.js';

export const alertSchema = z.object({
  id: z.string(),
  kind: z.string().describe('Event kind, e.g. job.posted'),
  message: z.string(),
  jobId: z.string().nullable(),
  createdAt: z.string(),
});

export const deliverNotifications = defineOperation({
  name: 'deliverNotifications',
  service: 'notifications',
  summary: "Return and mark delivered the caller's new alerts",
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({ alerts: z.array(alertSchema) }),
  rest: { method: 'POST', path: '/api/me/notifications/deliver', status: 200 },
  mcp: {
    tool: 'get_notifications',
    description: 'Return your new alerts (each is returned once across sessions) and mark them delivered.',
  },
});

export const notificationsOperations = [deliverNotifications] as const;
