import { type ChildProcess, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';

import { startTimeOf } from './process-start-time.js';

/**
 * The order in which what is left is stopped: whatever uses the others goes before them, so the
 * apps go first and PostgreSQL last (store: object storage, should it ever run in a process of
 * its own; it runs in the launcher's today and ends with it).
 */
export const STOP_STAGES = ['gateway', 'apps', 'store', 'bus', 'database'] as const;
export type StopStage = (typeof STOP_STAGES)[number];

/** A child the watcher stops if its parent ends without stopping it. */
export interface WatchedChild {
  pid: number;
  /** Its own graceful stop (PostgreSQL: SIGINT, a fast shutdown); SIGKILL follows after the grace period. */
  signal: NodeJS.Signals;
  /** Signal its whole process group (it was spawned detached). */
  group: boolean;
  stage: StopStage;
}

const GRACE_MS = 10_000;

/*
 * The watcher itself, in POSIX sh: it waits on a read, and a shell takes about 1 MiB where a Node
 * process would take some 40 MiB (RSS) for as long as the system runs. sh is there wherever npm
 * start runs (npm runs its scripts with it). Lines on stdin:
 *   + <stage> <pid> <signal> <group 0|1> <start time, or - without /proc>   a child to watch
 *   - <pid>                                                                 that child has ended
 * At end of input (the parent is gone, however it ended) it stops each stage's children that are
 * still the processes it was told about: their signal (and SIGCONT, for a stopped one), then
 * SIGKILL for whatever is left after the grace period ($1, in tenths of a second).
 */
const SCRIPT = `# marketplace-orphan-watcher: stops the children of a process that ended without stopping them
grace=$1
trap '' INT HUP TERM
watched=''

alive() {
  if [ -d /proc/self ]; then
    _stat=''
    { IFS= read -r _stat < "/proc/$1/stat"; } 2>/dev/null || return 1
    _want=$2
    set -- \${_stat##*') '}
    [ "$1" != Z ] && { [ "$_want" = - ] || [ "\${20}" = "$_want" ]; }
  else
    kill -0 "$1" 2>/dev/null
  fi
}

signal() {
  if [ "$3" = 1 ]; then _target=-$2; else _target=$2; fi
  kill -s "$1" -- "$_target" 2>/dev/null
  kill -s CONT -- "$_target" 2>/dev/null
  return 0
}

while read -r op a b c d e; do
  case $op in
    +) watched="$watched $a:$b:$c:$d:$e" ;;
    -) kept=''
       for entry in $watched; do
         case $entry in ?:"$a":*) ;; *) kept="$kept $entry" ;; esac
       done
       watched=$kept ;;
  esac
done

for stage in ${STOP_STAGES.map((_, index) => index).join(' ')}; do
  stopping=''
  for entry in $watched; do
    IFS=:; set -- $entry; unset IFS
    [ "$1" = "$stage" ] && alive "$2" "$5" || continue
    signal "$3" "$2" "$4"
    stopping="$stopping $entry"
  done
  waited=0
  while [ -n "$stopping" ] && [ "$waited" -lt "$grace" ]; do
    sleep 0.1 2>/dev/null || sleep 1
    waited=$((waited + 1))
    left=''
    for entry in $stopping; do
      IFS=:; set -- $entry; unset IFS
      if alive "$2" "$5"; then left="$left $entry"; fi
    done
    stopping=$left
  done
  for entry in $stopping; do
    IFS=:; set -- $entry; unset IFS
    if alive "$2" "$5"; then signal KILL "$2" "$4"; fi
  done
done
`;

/**
 * Stops a parent's children when the parent ends without stopping them. An 'exit' handler runs for
 * neither a SIGKILL nor a crash of the runtime, and PostgreSQL and NATS watch nothing of the
 * process that started them: they would run on, holding their ports and data. The watcher is a
 * process of its own, in a session and process group of its own (so a Ctrl+C, a group kill or a
 * terminal's hang-up aimed at the parent does not reach it), holding a pipe from the parent that
 * closes when the parent ends, however it ends.
 */
export class OrphanWatcher {
  private readonly process: ChildProcess;
  private readonly pipe: Writable;

  constructor(graceMs = GRACE_MS) {
    this.process = spawn('/bin/sh', ['-c', SCRIPT, 'marketplace-orphan-watcher', String(Math.ceil(graceMs / 100))], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    // Without a listener, a watcher that cannot start would crash its parent; the children then
    // still have the parent's exit handler and the next start's leftover check.
    this.process.on('error', () => undefined);
    this.process.unref();
    this.pipe = this.process.stdin!;
    this.pipe.on('error', () => undefined);
    // The pipe must not keep the parent running: it only has to close when the parent ends.
    (this.pipe as Writable & { unref?(): void }).unref?.();
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  watch(child: WatchedChild): void {
    // The start time is read now, while the pid is surely the child's.
    const start = startTimeOf(child.pid) ?? '-';
    const signal = child.signal.replace(/^SIG/, '');
    this.send(`+ ${STOP_STAGES.indexOf(child.stage)} ${child.pid} ${signal} ${child.group ? 1 : 0} ${start}\n`);
  }

  /** The child has ended: its pid may be someone else's from now on. */
  forget(pid: number): void {
    this.send(`- ${pid}\n`);
  }

  /** What the watcher sees when its parent ends (for tests: the parent here keeps running). */
  close(): void {
    this.pipe.end();
  }

  private send(line: string): void {
    if (!this.pipe.destroyed && this.pipe.writable) this.pipe.write(line);
  }
}
