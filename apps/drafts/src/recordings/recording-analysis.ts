import { RECORDING_FINDING_KINDS, RECORDING_LIMITS, type DraftRecording } from '@marketplace/contracts';
import type { ModelProvider, ModelUsage } from '@marketplace/service-kit';
import { z } from 'zod';
import type { JobDraftEntity } from '../drafts/draft.entity.js';
import type { RecordingEntity } from './recording.entity.js';

export interface RecordingAnalysis {
  analyzed: boolean;
  summary: string;
  transcript: string | null;
  findings: DraftRecording['findings'];
  moments: DraftRecording['moments'];
}

const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

const analysisShape = z.object({
  summary: z.string().min(1),
  transcript: z.string().nullable().default(null),
  findings: z.array(z.object({ kind: z.enum(RECORDING_FINDING_KINDS).catch('other'), atSeconds: z.number().min(0), description: z.string().min(1) })).default([]),
  moments: z.array(z.object({ atSeconds: z.number().min(0), quote: z.string().min(1), suggestedRequirement: z.string().min(1) })).default([]),
});

function describe(rec: RecordingEntity, draft: JobDraftEntity): string {
  return [
    `Recording: ${Math.round(rec.seconds)} seconds of screen${rec.webcam ? ' with webcam' : ''}, ${rec.parts.length} parts.`,
    `Context: ${draft.answers.context ?? ''}`,
    `Problem or wanted result: ${draft.answers.problem ?? ''}`,
    ...(draft.posting ? [`Posting title: ${draft.posting.title}`] : []),
  ].join('\n');
}

/**
 * Checks a walkthrough with the model when one is configured; the fallback describes it from the
 * draft, finds nothing and says it was not analyzed, so approving it needs acknowledging.
 */
export async function analyzeRecording(
  rec: RecordingEntity, draft: JobDraftEntity, model: ModelProvider | null, signal: AbortSignal,
): Promise<{ result: RecordingAnalysis; usage: ModelUsage | null }> {
  if (!model) {
    return {
      result: {
        analyzed: false, transcript: null, findings: [], moments: [],
        summary: clip(`A ${Math.round(rec.seconds)}-second screen recording${rec.webcam ? ' with webcam' : ''} of: ${draft.answers.problem ?? 'the problem of this draft'}. Not checked by a model: watch it before approving.`, 1200),
      },
      usage: null,
    };
  }
  const { data, usage } = await model.chatJson({
    system: `You check a screen-recorded walkthrough a person made to show a worker their problem, before it is shown with a job posting. Answer JSON {"summary": string (at most 1200 characters), "transcript": string or null, "findings": [{"kind": one of ${RECORDING_FINDING_KINDS.join(', ')}, "atSeconds": number, "description": string}] (anything that should not be shown publicly; "secret" for passwords, keys or tokens on screen), "moments": [{"atSeconds": number, "quote": string, "suggestedRequirement": string}] (moments that suggest a requirement for the posting)}.`,
    user: describe(rec, draft),
    schema: analysisShape,
    signal,
  });
  const within = (s: number) => Math.min(Math.max(0, s), rec.seconds || RECORDING_LIMITS.seconds);
  return {
    result: {
      analyzed: true,
      summary: clip(data.summary, 1200),
      transcript: data.transcript ? clip(data.transcript, 20_000) : null,
      findings: data.findings.slice(0, 50).map((f) => ({ kind: f.kind, atSeconds: within(f.atSeconds), description: clip(f.description, 500) })),
      moments: data.moments.slice(0, 50).map((m, i) => ({
        id: `m${i + 1}`, atSeconds: within(m.atSeconds), quote: clip(m.quote, 500), suggestedRequirement: clip(m.suggestedRequirement, 500),
      })),
    },
    usage,
  };
}
