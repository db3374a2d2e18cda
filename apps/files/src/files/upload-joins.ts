import { setTimeout as sleep } from 'node:timers/promises';

import { AppError, FILE_LIMITS, fileAssembleQueue } from '@marketplace/contracts';
import { enqueueWork, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { areaFile, type AreaGate, deletingConflict, type FileRow, nextMissingIndex } from './area-files.js';
import { type AssemblyResult, FileAssembler } from './file-assembler.js';
import { clearAssemblyFailure, releaseAssemblyLease, renewAssemblyLease, takeAssemblyLease } from './file-assembly.queries.js';
import { assembling, assemblyFailed } from './upload-rules.js';

/**
 * A join says it is alive (assembly_requested_at) every few seconds while it runs or waits for
 * chunks; one silent this long died with its worker, and complete queues another.
 */
const ASSEMBLY_LEASE_MS = 15_000;
/** How long complete waits for a direct upload's check before it answers 503 (the bus waits 5 s). */
const CHECK_WAIT_MS = 3000;

/**
 * The last step of complete (AreaUploads): the join (chunks) or the check (a direct upload's
 * joined object) of a file whose bytes are all in, run here or queued for the files worker, and
 * what it answers.
 */
@Injectable()
export class UploadJoins {
  constructor(
    private readonly ds: DataSource,
    private readonly uow: UnitOfWork,
    private readonly assembler: FileAssembler,
  ) {}

  /** Checks of direct uploads running in this replica, by file id, and when each last renewed its lease. */
  private readonly checks = new Map<string, Promise<AssemblyResult>>();
  private readonly renewedAt = new Map<string, number>();

  /**
   * Files up to FILE_LIMITS.proxyBytes are joined right here, larger ones by the files worker
   * (fileAssembleQueue), answering 503 with Retry-After until it is done. `requested` is when the
   * file's join was last asked for (its lease), null when never.
   */
  async joinOrQueue(gate: AreaGate, file: FileRow, requested: number | null): Promise<FileRow> {
    if (file.parts_joined_at && Number(file.size) > FILE_LIMITS.proxyBytes) return this.settle(gate, file, await this.checkHere(file));
    if (Number(file.size) <= FILE_LIMITS.proxyBytes) return this.settle(gate, file, await this.assembler.assemble(file.id));

    if (requested === null || Date.now() - requested > ASSEMBLY_LEASE_MS) {
      await this.uow.run(async (em) => {
        if (await takeAssemblyLease(em, file.id, ASSEMBLY_LEASE_MS / 1000)) await enqueueWork(em, fileAssembleQueue, { fileId: file.id });
      });
    }
    throw assembling();
  }

  /**
   * A direct upload's joined object is checked (read once, hashed) by this service rather than
   * queued for the worker: there is nothing to join, only one streamed read, so memory stays flat
   * and no queue or polling stands between the last part and the answer. The check runs under
   * the file's lease (assembly_requested_at; one at a time across replicas, taken over once it is
   * ASSEMBLY_LEASE_MS old, as when a replica dies) and complete waits for it up to
   * CHECK_WAIT_MS, well inside the bus's timeout; past that it answers 503 and the check goes on.
   */
  private async checkHere(file: FileRow): Promise<AssemblyResult> {
    let run = this.checks.get(file.id);
    if (!run) {
      if (!(await takeAssemblyLease(this.ds, file.id, ASSEMBLY_LEASE_MS / 1000))) throw assembling();
      const started = this.assembler.assemble(file.id, { heartbeat: () => this.renewLease(file.id) });
      run = started.finally(() => this.checks.delete(file.id));
      this.checks.set(file.id, run);
      // A failed check (storage unavailable) gives the lease back, so the next complete runs it again.
      run.catch(() => releaseAssemblyLease(this.ds, file.id).catch(() => undefined));
    }
    const result = await Promise.race([run, sleep(CHECK_WAIT_MS).then(() => undefined)]);
    if (!result) throw assembling();
    return result;
  }

  /** The check says it is alive at most every few seconds. */
  private renewLease(fileId: string): void {
    const now = Date.now();
    if (now - (this.renewedAt.get(fileId) ?? 0) < ASSEMBLY_LEASE_MS / 3) return;
    this.renewedAt.set(fileId, now);
    renewAssemblyLease(this.ds, fileId).catch(() => undefined);
  }

  /** What a join or check that finished here answers: the ready file, or why not. */
  private async settle(gate: AreaGate, file: FileRow, result: AssemblyResult): Promise<FileRow> {
    this.renewedAt.delete(file.id);
    if (result.kind === 'mismatch') {
      await clearAssemblyFailure(this.ds, file.id);
      throw assemblyFailed(result.message, result.lostChunk ?? null);
    }
    // The file as it is now: ready, or whatever a concurrent delete made of it.
    const now = await areaFile(this.ds, gate, file.id);
    if (now.status === 'deleting') throw deletingConflict();
    if (now.status !== 'ready') {
      const missing = await nextMissingIndex(this.ds, now);
      throw AppError.conflict(
        'The upload changed while it was being completed; check it and call complete again.',
        missing === null ? undefined : { nextIndex: String(missing) },
      );
    }
    return now;
  }
}
