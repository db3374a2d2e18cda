import type { Job, JobApplication, listJobFiles, OutputOf } from '@marketplace/contracts';

import { html, type Raw } from '../kit/layout.js';
import { renderMarkdown } from '../kit/markdown.js';
import { when } from '../kit/page.js';

/** The poster's view of the applications to one job, and of the hired worker's file access. */

const enc = encodeURIComponent;

const APPLICATION_STATUS: Record<JobApplication['status'], string> = {
  submitted: 'Waiting for your decision',
  accepted: 'Hired',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  cancelled: 'Hire cancelled',
};

/** Hire and decline, offered only while the application waits and the job can still take a hire. */
function decisions(job: Job, a: JobApplication): Raw {
  if (a.status !== 'submitted' || job.status !== 'open') return html``;
  const base = `/me/jobs/${enc(job.id)}/applications/${enc(a.id)}`;
  return html`<div class="actions">
<form method="post" action="${base}/accept"><button type="submit">Hire ${a.worker.name}</button></form>
<form method="post" action="${base}/decline"><button type="submit" class="secondary">Decline ${a.worker.name}</button></form>
</div>`;
}

function worker(a: JobApplication): Raw {
  const w = a.worker;
  const about = [w.headline, w.location].filter(Boolean).join(' · ');
  return html`<h3><a href="/members/${enc(w.id)}">${w.name}</a>${a.preferred ? html` <span class="tag">Preferred</span>` : ''}</h3>
${about ? html`<p class="meta">${about}</p>` : ''}
${w.skills.length ? html`<p>${w.skills.map((s) => html`<span class="tag">${s}</span> `)}</p>` : ''}`;
}

function applicationItem(job: Job, a: JobApplication): Raw {
  const by = [a.agent ? `sent by the agent ${a.agent}` : '', a.model ? `written by ${a.model}` : ''].filter(Boolean).join(', ');
  return html`<li class="card application" id="application-${a.id}">
${worker(a)}
<p class="meta"><span class="status">${APPLICATION_STATUS[a.status]}</span> · applied ${when(a.createdAt)} to version ${a.appliedTo.version}${
    a.jobChangedSinceApplying ? html` · <strong>the job changed since</strong> (now version ${job.version})` : ''
  }${by ? ` · ${by}` : ''}</p>
${a.contact ? html`<p class="contact" id="contact-${a.id}">Contact: ${a.contact.name}, <a href="mailto:${a.contact.email}">${a.contact.email}</a></p>` : ''}
<p class="label">Pitch</p>
<p class="comment-body">${a.pitch}</p>
${a.resume ? html`<details><summary>Resume attached when applying</summary><div class="markdown">${renderMarkdown(a.resume)}</div></details>` : ''}
${a.status !== 'declined' && a.status !== 'withdrawn' ? html`<p><a href="/me/messages/${a.id}">Messages with this applicant</a></p>` : ''}
${decisions(job, a)}
</li>`;
}

export function applicationsSection(job: Job, applications: readonly JobApplication[] | null): Raw {
  const waiting = applications?.filter((a) => a.status === 'submitted').length ?? 0;
  return html`<section class="part" aria-labelledby="applications-heading">
<h2 id="applications-heading">Applications</h2>
${
  applications === null
    ? html`<p class="note">The applications cannot be read right now. Reload the page to try again.</p>`
    : applications.length === 0
      ? html`<p class="note" id="no-applications">No one has applied yet.</p>`
      : html`${waiting && job.status === 'open' ? html`<p class="note">Hiring one applicant declines the others still waiting.</p>` : ''}
<ul class="cards" id="applications">${applications.map((a) => applicationItem(job, a))}</ul>`
}
</section>`;
}

type JobFiles = OutputOf<typeof listJobFiles>;

/** The worker's access to the job's files: shown once someone is hired, switched by the poster. */
export function fileAccessSection(job: Job, files: JobFiles | null): Raw {
  if (!files || files.hireId === null) return html``;
  const id = enc(job.id);
  return html`<section class="part" aria-labelledby="files-heading">
<h2 id="files-heading">Job files</h2>
<p id="file-access">${
    files.workerAccess ? 'The hired worker can read the job files and add files to the worker folder.' : 'The hired worker cannot reach the job files yet.'
  } <a href="/jobs/${id}/files">${files.files.length} ${files.files.length === 1 ? 'file' : 'files'} so far</a>.</p>
${
  files.closed
    ? html`<p class="note">The job's file area is closed.</p>`
    : html`<form method="post" action="/me/jobs/${id}/file-access"><input type="hidden" name="allowed" value="${files.workerAccess ? 'false' : 'true'}">
<button type="submit"${files.workerAccess ? html` class="secondary"` : ''}>${files.workerAccess ? "Withdraw the worker's access" : 'Let the worker use the job files'}</button></form>`
}
</section>`;
}
