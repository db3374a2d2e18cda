import 'reflect-metadata';

import { defineQueue, type ServiceName } from '@marketplace/contracts';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { selectWorkHandlers, WORK_HANDLERS, workConcurrency, workersProvider, type WorkHandler } from './work-handler.js';

const files = 'files' as ServiceName;
const previews = defineQueue(files, 'previews', 1, z.object({ fileId: z.string() }), { concurrency: 3 });
const previewsV2 = defineQueue(files, 'previews', 2, z.object({ fileId: z.string(), size: z.number() }));
const scans = defineQueue(files, 'scans', 1, z.object({ fileId: z.string() }));
const handlerFor = (queue: WorkHandler['queue']): WorkHandler => ({ queue, run: async () => undefined });
const all = [handlerFor(previews), handlerFor(previewsV2), handlerFor(scans)];

describe('selectWorkHandlers (ACTIVE_WORKERS)', () => {
  it('pulls every registered queue when WORKER_QUEUES is unset', () => {
    expect(selectWorkHandlers('files', all, [])).toEqual(all);
    expect(selectWorkHandlers('files', all, [])).toEqual(all);
  });

  it('narrows to the named queues, every version of each', () => {
    expect(selectWorkHandlers('files', all, ['previews']).map((h) => h.queue.subject)).toEqual(['work.files.previews.v1', 'work.files.previews.v2']);
    expect(selectWorkHandlers('files', all, ['scans', 'previews', 'scans']).map((h) => h.queue.subject)).toEqual([
      'work.files.scans.v1',
      'work.files.previews.v1',
      'work.files.previews.v2',
    ]);
  });

  it('refuses start-up on a queue name the service does not register', () => {
    expect(() => selectWorkHandlers('files', all, ['previews', 'thumbnails'])).toThrow(
      'WORKER_QUEUES names unknown queue(s) of files: thumbnails. Known: previews, scans',
    );
    expect(() => selectWorkHandlers('drafts', [], ['research'])).toThrow(/unknown queue\(s\) of drafts: research. Known: none/);
  });

  it("refuses a handler for another service's queue, or two for one queue", () => {
    expect(() => selectWorkHandlers('drafts', all, [])).toThrow(/belongs to files/);
    expect(() => selectWorkHandlers('files', [handlerFor(scans), handlerFor(scans)], [])).toThrow(/Two work handlers/);
  });
});

describe('workConcurrency', () => {
  it("takes the queue's own setting, then WORKER_CONCURRENCY, then WORKER_CONCURRENCY_<QUEUE>", () => {
    expect(workConcurrency(previews, {})).toBe(3);
    expect(workConcurrency(previews, { WORKER_CONCURRENCY: '2' })).toBe(2);
    expect(workConcurrency(previews, { WORKER_CONCURRENCY: '2', WORKER_CONCURRENCY_PREVIEWS: '8' })).toBe(8);
    expect(workConcurrency(scans, { WORKER_CONCURRENCY_PREVIEWS: '8' })).toBe(1);
  });

  it('refuses a value that is not a whole number of at least one', () => {
    expect(() => workConcurrency(scans, { WORKER_CONCURRENCY: '0' })).toThrow(/^WORKER_CONCURRENCY="0" is not valid/);
    expect(() => workConcurrency(scans, { WORKER_CONCURRENCY_SCANS: 'many' })).toThrow(/^WORKER_CONCURRENCY_SCANS="many" is not valid/);
  });
});

describe('defineQueue', () => {
  it('names the subject by service, queue and version', () => {
    expect(previews).toMatchObject({ service: 'files', name: 'previews', version: 1, subject: 'work.files.previews.v1', maxAttempts: 5, concurrency: 3 });
  });

  it('refuses names that cannot be subject tokens or durable names, and settings that are not positive', () => {
    expect(() => defineQueue(files, 'Previews.big', 1, z.object({}))).toThrow(/lower-case/);
    expect(() => defineQueue(files, 'previews', 0, z.object({}))).toThrow(/version/);
    expect(() => defineQueue(files, 'previews', 1, z.object({}), { maxAttempts: 0 })).toThrow(/maxAttempts/);
  });
});

describe('workersProvider', () => {
  it('hands the worker role the handlers a module registers', async () => {
    // Decorators applied as calls: the spec transform does not compile decorator syntax.
    class PreviewsHandler implements WorkHandler {
      readonly queue = previews;
      async run(): Promise<void> {}
    }
    Injectable()(PreviewsHandler);
    class FilesWorkModule {}
    Module({ providers: [PreviewsHandler, workersProvider(PreviewsHandler)] })(FilesWorkModule);

    const app = await NestFactory.createApplicationContext(FilesWorkModule, { logger: false });
    try {
      const handlers = app.get<WorkHandler[]>(WORK_HANDLERS);
      expect(handlers).toHaveLength(1);
      expect(handlers[0]).toBeInstanceOf(PreviewsHandler);
    } finally {
      await app.close();
    }
  });
});
