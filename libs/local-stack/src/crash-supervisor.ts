import { describeExit, type ExitInfo } from './child-process.js';
import { DEFAULT_RESTART_POLICY, RestartPolicy, type RestartPolicyOptions } from './restart-policy.js';

/** One run of what is supervised: a service's own process, or the one-process layout's host with its services. */
export interface SupervisedRun {
  exit: Promise<ExitInfo>;
  hasExited(): boolean;
  /** Settles once the run serves again; rejects if it does not come up. */
  ready: Promise<void>;
  /** Ends a run that did not come up, so that it counts as a crash and is tried again. */
  kill(): Promise<void>;
}

export interface CrashSupervisorOptions {
  /** As the log names it: `jobs`, `the services' process`. */
  name: string;
  log: (line: string) => void;
  /** What it printed last: the lines that explain a crash are among them. */
  lastLines: () => string[];
  /** Starts a new run; what it throws counts as a crash. */
  relaunch: () => Promise<SupervisedRun>;
  policy?: RestartPolicyOptions;
}

// Info and debug lines of the services' JSON logs say nothing about a crash; errors and stack traces do.
const QUIET_LINE = /^\{.*"level":(10|20|30)[,}]/;
const CAUSE_LINES = 10;

/**
 * Restarts what crashed, after the policy's backoff, and gives up on what keeps crashing. A run is
 * watched from `watch` until `release`: a stop or a kill on purpose releases it first, so only an
 * end nobody asked for counts as a crash.
 */
export class CrashSupervisor {
  private readonly policy: RestartPolicy;
  private current: SupervisedRun | undefined;
  private timer: NodeJS.Timeout | undefined;
  // A release while a restart is starting makes that restart stale: it is ended, not watched.
  private generation = 0;

  constructor(private readonly options: CrashSupervisorOptions) {
    this.policy = new RestartPolicy(options.policy ?? DEFAULT_RESTART_POLICY);
  }

  /** From now on, an end of this run is a crash. */
  watch(run: SupervisedRun): void {
    this.current = run;
    this.policy.started();
    void run.exit.then((info) => {
      if (this.current !== run) return;
      this.current = undefined;
      this.crashed(info);
    });
  }

  /** Stops watching (a stop or a start by hand) and cancels a pending restart. */
  release(): void {
    this.generation += 1;
    this.current = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Started by hand: the crashes before no longer count towards giving up. */
  reset(): void {
    this.policy.reset();
  }

  private crashed(info: ExitInfo): void {
    const { name, log } = this.options;
    const causes = this.options
      .lastLines()
      .filter((line) => !QUIET_LINE.test(line))
      .slice(-CAUSE_LINES);
    log(`${name} ${describeExit(info)}${causes.length ? `; its last error output:\n${causes.map((l) => `  ${l}`).join('\n')}` : ''}`);
    const decision = this.policy.crashed();
    const window = `${Math.round((this.options.policy ?? DEFAULT_RESTART_POLICY).windowMs / 1000)} s`;
    if (!decision.restart) {
      log(
        `giving up on ${name}: it crashed ${decision.crashes} times within ${window}, so it is left stopped. ` +
          'Everything else keeps running; fix the cause above and restart the marketplace.',
      );
      return;
    }
    log(`restarting ${name} in ${decision.delayMs / 1000} s (crash ${decision.crashes} within ${window})`);
    const generation = this.generation;
    this.timer = setTimeout(() => void this.restart(generation), decision.delayMs);
  }

  private async restart(generation: number): Promise<void> {
    this.timer = undefined;
    const began = Date.now();
    let run: SupervisedRun;
    try {
      run = await this.options.relaunch();
    } catch (error) {
      if (generation === this.generation) this.crashed({ code: null, signal: null, error: error instanceof Error ? error : new Error(String(error)) });
      return;
    }
    if (generation !== this.generation) {
      await run.kill();
      return;
    }
    this.watch(run);
    run.ready.then(
      () => this.options.log(`${this.options.name} is serving again, ${((Date.now() - began) / 1000).toFixed(1)} s after its restart began`),
      (error: unknown) => {
        // An exit is reported as a crash already; a run that stays up without serving is ended so it counts as one.
        if (this.current !== run || run.hasExited()) return;
        this.options.log(`${this.options.name} did not come back: ${error instanceof Error ? error.message : String(error)}`);
        void run.kill();
      },
    );
  }
}
