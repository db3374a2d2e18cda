/** What the launcher asks the one-process layout's host (service-host.ts) over IPC. */
export type HostRequest = { op: 'start'; id: number; key: string; entry: string; env: Record<string, string> } | { op: 'stop'; id: number; key: string };

/** One answer per request (id 0: the host is listening). */
export type HostReply = { id: number; ok: true } | { id: number; ok: false; error: string };
