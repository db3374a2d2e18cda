import {
  approveWork,
  cancelWork,
  getJobWork,
  listJobFiles,
  type Operation,
  ratePoster,
  remindOtherSide,
  requestCancellation,
  requestChanges,
  submitWork,
} from '@marketplace/contracts';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { filled, ticked } from '../kit/form-fields.js';
import { callAs, doneNotice, memberPage, type PageDefinition, type PageDeps, type PageRender } from '../kit/page.js';
import { uploadsTo } from '../kit/upload-store.js';
import { applicationPages } from './work-applications.js';
import { softly } from './work-job-block.js';
import { workPage } from './work-page.js';

const WORK_NOTICES = {
  submitted: 'Your work is turned in. The poster is told.',
  'changes-requested': 'Your request for changes is sent to the worker.',
  approved: 'The work is approved and your rating saved. It becomes public when the worker rates you.',
  rated: 'Thank you. The job is complete and both ratings are public.',
  'cancel-requested': 'The worker is asked to cancel.',
  reminded: 'The reminder is sent.',
} as const;

/** Applying and working: apply from the job page, my applications, withdraw, and the work page of both sides. */
export function workPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  pages.push(...applicationPages(deps));

  const work: PageRender = (req, reply, caller, state, status) =>
    guarded(reply, 'Work', async () => {
      const { id } = req.params as { id: string };
      const jobWork = await callAs(deps.bus, req, caller, getJobWork, { id });
      // The files to pick from are read only when turning in is possible; no access simply means none to pick.
      const files = jobWork.actions.includes('submit') ? await callAs(deps.bus, req, caller, listJobFiles, { id }).catch(softly) : undefined;
      const workerFiles = files ? files.files.filter((f) => f.folder === 'worker' && f.status === 'ready') : null;
      return memberPage(reply, {
        status,
        title: `Work: ${jobWork.title}`,
        scripts: workerFiles ? ['work-upload'] : [],
        ...(workerFiles ? uploadsTo(deps.uploadStore) : {}),
        body: workPage({ work: jobWork, workerFiles, notice: state.notice ?? doneNotice(req, WORK_NOTICES), state, uploadStore: deps.uploadStore }),
      });
    });
  pages.push(sessionPage('/jobs/:id/work', work));
  // Turned-in files download through the job files pages (job-files/job-files-pages.ts).

  const step = <Op extends Operation>(
    path: string,
    form: string,
    op: Op,
    done: keyof typeof WORK_NOTICES,
    input: (f: Record<string, string | undefined>) => Record<string, unknown> = () => ({}),
  ) =>
    pages.push(
      formAction(deps, {
        path: `/jobs/:id/work/${path}`,
        form,
        op,
        page: work,
        input: (f, p) => ({ id: p.id, ...input(f) }),
        done: (_out, p) => `/jobs/${p.id}/work?done=${done}`,
      }),
    );
  // A cancelled hire has no work page any more (the job is open again), so this one lands on the job page.
  pages.push(
    formAction(deps, {
      path: '/jobs/:id/work/cancel',
      form: 'cancel',
      op: cancelWork,
      page: work,
      input: (_f, p) => ({ id: p.id }),
      done: (_out, p) => `/jobs/${p.id}?done=work-cancelled#notice`,
    }),
  );
  const rating = (f: Record<string, string | undefined>) => ({ score: f.score ? Number(f.score) : undefined, description: f.description ?? '' });
  step('submit', 'submit', submitWork, 'submitted', submission);
  step('request-changes', 'changes', requestChanges, 'changes-requested', (f) => ({ feedback: f.feedback ?? '' }));
  step('approve', 'approve', approveWork, 'approved', rating);
  step('rate', 'rate', ratePoster, 'rated', rating);
  step('request-cancellation', 'request-cancellation', requestCancellation, 'cancel-requested');
  step('remind', 'remind', remindOtherSide, 'reminded');
  return pages;
}

/** The turn-in form's fields as submitWork's input: link rows with an address, ticked files. */
function submission(f: Record<string, string | undefined>): Record<string, unknown> {
  const links = Array.from({ length: 20 }, (_, i) => ({ url: filled(f[`links.${i}.url`]), label: filled(f[`links.${i}.label`]) ?? null })).filter(
    (l) => l.url !== undefined,
  );
  const fileIds = Object.keys(f)
    .filter((k) => k.startsWith('file-') && ticked(f[k]))
    .map((k) => k.slice('file-'.length));
  return { body: f.body ?? '', links, model: filled(f.model), ...(fileIds.length ? { fileIds } : {}) };
}
