/**
 * What an agent can read as MCP resources: the board, a job, its versions and its work, and the
 * caller's own jobs, applications, drafts and files. Each resource is a read tool of the catalogue
 * with its arguments taken from the URI, so a resource answers exactly what the tool (and REST)
 * answers, under the same access and scope.
 */
export const RESOURCE_SCHEME = 'marketplace:';

export interface ResourceDef {
  /** A URI, or an RFC 6570 template with `{name}` parts naming the tool's arguments. */
  uri: string;
  name: string;
  title: string;
  description: string;
  /** The read tool that answers it. */
  tool: string;
  /** public: the same for everyone, shared caches may keep it; private: the caller's own. */
  cacheScope: 'public' | 'private';
}

/** Fixed resources, listed by resources/list. */
export const RESOURCES: readonly ResourceDef[] = [
  {
    uri: 'marketplace://jobs/categories',
    name: 'job-categories',
    title: 'Job categories',
    description: 'Open-job counts per category.',
    tool: 'list_job_categories',
    cacheScope: 'public',
  },
  {
    uri: 'marketplace://jobs/open',
    name: 'open-jobs',
    title: 'Open jobs',
    description: 'The newest open jobs on the board.',
    tool: 'list_open_jobs',
    cacheScope: 'private',
  },
  {
    uri: 'marketplace://me/jobs',
    name: 'my-jobs',
    title: 'My jobs',
    description: 'The jobs you posted, newest first.',
    tool: 'list_my_jobs',
    cacheScope: 'private',
  },
  {
    uri: 'marketplace://me/applications',
    name: 'my-applications',
    title: 'My applications',
    description: 'The jobs you applied to and where each stands.',
    tool: 'list_my_applications',
    cacheScope: 'private',
  },
  {
    uri: 'marketplace://me/drafts',
    name: 'my-drafts',
    title: 'My job drafts',
    description: 'Your guided job drafts.',
    tool: 'list_job_drafts',
    cacheScope: 'private',
  },
  {
    uri: 'marketplace://me/files',
    name: 'my-files',
    title: 'My files',
    description: 'The files in your personal area.',
    tool: 'list_my_files',
    cacheScope: 'private',
  },
];

/** Templates, listed by resources/templates/list. */
export const RESOURCE_TEMPLATES: readonly ResourceDef[] = [
  {
    uri: 'marketplace://jobs/{id}',
    name: 'job',
    title: 'A job',
    description: 'A job with your application to it, if any.',
    tool: 'get_job',
    cacheScope: 'private',
  },
  {
    uri: 'marketplace://jobs/{job_id}/versions',
    name: 'job-versions',
    title: "A job's versions",
    description: 'Every published version of a job, newest first.',
    tool: 'list_job_versions',
    cacheScope: 'public',
  },
  {
    uri: 'marketplace://jobs/{job_id}/work',
    name: 'job-work',
    title: "A job's work",
    description: 'The hire, turned-in rounds and reviews of a job you are part of.',
    tool: 'get_job_work',
    cacheScope: 'private',
  },
  {
    uri: 'marketplace://jobs/{job_id}/applications',
    name: 'job-applications',
    title: "A job's applications",
    description: 'The applications to a job you posted.',
    tool: 'list_job_applications',
    cacheScope: 'private',
  },
  {
    uri: 'marketplace://me/drafts/{draft_id}',
    name: 'draft',
    title: 'A job draft',
    description: 'One of your guided job drafts.',
    tool: 'get_job_draft',
    cacheScope: 'private',
  },
  {
    uri: 'marketplace://me/files/{file_id}/preview',
    name: 'file-preview',
    title: "A file's preview",
    description: 'A preview of one of your files.',
    tool: 'preview_my_file',
    cacheScope: 'private',
  },
];

/** How long a client or shared cache may keep a public resource. */
export const PUBLIC_RESOURCE_TTL_MS = 60_000;

export interface ResolvedResource {
  def: ResourceDef;
  args: Record<string, string>;
}

/** The resource a URI names, with the tool arguments its template parts carry; undefined if none. */
export function resolveResource(uri: string): ResolvedResource | undefined {
  const fixed = RESOURCES.find((r) => r.uri === uri);
  if (fixed) return { def: fixed, args: {} };
  for (const def of RESOURCE_TEMPLATES) {
    const names: string[] = [];
    const pattern = def.uri.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/?#]+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(uri);
    if (match) return { def, args: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)])) };
  }
  return undefined;
}

/** The URI of a resource template filled with arguments (for links in results). */
export function resourceUri(template: string, args: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(args[name] ?? ''));
}
