import { monitorEventLoopDelay } from 'node:perf_hooks';

import type { JobDraftEntity } from '../../apps/drafts/dist/drafts/draft.entity.js';
import type { RecordingEntity } from '../../apps/drafts/dist/recordings/recording.entity.js';
import { analyzeRecording } from '../../apps/drafts/dist/recordings/recording-analysis.js';

// One walkthrough check with no model, in a process of its own (recording.bench.ts reads its RSS);
// prints its figures as one line of JSON.
const [file, seconds] = process.argv.slice(2) as [string, string];
const rssBefore = process.memoryUsage().rss;
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const started = performance.now();
const rec = { id: 'bench', seconds: Number(seconds), webcam: false, parts: [] } as unknown as RecordingEntity;
const draft = { answers: {}, posting: null } as unknown as JobDraftEntity;
const stats = { framesSeen: 0, framesRead: 0, seconds: 0 };
const { result } = await analyzeRecording(rec, draft, file, null, AbortSignal.timeout(3_600_000), { stats });
loop.disable();
process.stdout.write(
  `${JSON.stringify({
    seconds: (performance.now() - started) / 1000,
    framesSeen: stats.framesSeen,
    framesRead: stats.framesRead,
    findings: result.findings.length,
    peakRss: process.resourceUsage().maxRSS * 1024,
    rssBefore,
    loopDelayP99Ms: loop.percentile(99) / 1e6,
    loopDelayMaxMs: loop.max / 1e6,
  })}\n`,
);
