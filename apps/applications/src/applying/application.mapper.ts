import {
  ANONYMOUS_POSTER_NAME,
  APPLICATION_STATUS_LABELS,
  type getJobStates,
  type getViewerApplication,
  type JobApplication,
  type JobMember,
  type MyApplication,
  type OutputOf,
} from '@marketplace/contracts';

import { applicantCodename } from '../applicants/codename.js';
import type { ApplicationRow } from './applications.queries.js';

export type JobState = OutputOf<typeof getJobStates>['jobs'][number];

export const ANONYMOUS_POSTER: JobMember = { id: null, name: ANONYMOUS_POSTER_NAME, headline: null, photoUrl: null };

/** An anonymous poster is revealed only to the worker they hired. */
export function posterAsSeenBy(poster: JobMember, visibility: 'public' | 'anonymous', hired: boolean): JobMember {
  return visibility === 'anonymous' && !hired ? ANONYMOUS_POSTER : poster;
}

export function toMyApplication(app: ApplicationRow, job: JobState | undefined): MyApplication {
  const accepted = app.status === 'accepted';
  return {
    id: app.id,
    status: app.status,
    statusLabel: APPLICATION_STATUS_LABELS[app.status],
    quote: null,
    pitch: app.pitch,
    agent: app.agent,
    model: app.model,
    createdAt: app.created_at.toISOString(),
    decidedAt: app.decided_at?.toISOString() ?? null,
    job: job
      ? {
          id: job.id,
          title: job.title,
          status: job.status,
          version: job.version,
          postedBy: posterAsSeenBy(job.poster, job.posterVisibility, accepted),
        }
      : {
          // The job is gone from the board service; the version applied to still names it.
          id: app.job_id,
          title: app.applied_to.title,
          status: 'closed',
          version: app.applied_to.version,
          postedBy: ANONYMOUS_POSTER,
        },
    resume: app.resume,
    contact: accepted ? app.poster_contact : null,
    appliedTo: app.applied_to,
    jobChangedSinceApplying: job ? job.version > app.applied_to.version : false,
  };
}

export function toJobApplication(app: ApplicationRow, currentVersion: number, preferred: boolean): JobApplication {
  const a = app.applicant;
  return {
    id: app.id,
    status: app.status,
    quote: null,
    cost: null,
    pitch: app.pitch,
    agent: app.agent,
    model: app.model,
    createdAt: app.created_at.toISOString(),
    decidedAt: app.decided_at?.toISOString() ?? null,
    worker: {
      id: app.applicant_id,
      name: a.name,
      headline: a.headline,
      photoUrl: a.photoUrl,
      skills: a.skills,
      location: a.city && a.state ? `${a.city}, ${a.state}` : (a.city ?? a.state ?? ''),
      website: a.website,
      networkUrl: a.networkUrl,
    },
    resume: app.resume,
    contact: app.status === 'accepted' && a.email ? { name: a.name, email: a.email } : null,
    preferred,
    appliedTo: app.applied_to,
    jobChangedSinceApplying: currentVersion > app.applied_to.version,
  };
}

/** The row id and name the applicant goes by in the public list. */
export function publicListIdentity(app: ApplicationRow): { id: string; name: string } {
  return app.visibility === 'public' ? { id: app.applicant_id, name: app.applicant.name } : { id: app.id, name: applicantCodename(app.id) };
}

export function toViewerApplication(app: ApplicationRow): OutputOf<typeof getViewerApplication>['application'] {
  const listed = publicListIdentity(app);
  return {
    id: app.id,
    status: app.status,
    statusLabel: APPLICATION_STATUS_LABELS[app.status],
    createdAt: app.created_at.toISOString(),
    decidedAt: app.decided_at?.toISOString() ?? null,
    visibility: app.visibility,
    applicantId: listed.id,
    applicantName: listed.name,
  };
}
