import { CATEGORIES, listJobCategories, type OutputOf } from '@marketplace/contracts';
import { type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { openJobsByCategory } from './jobs.queries.js';

const CACHE_MS = 30_000;

/** Counts are cached for up to 30 seconds (spec), so a busy board costs one count a replica. */
@Injectable()
export class ListJobCategoriesHandler implements OperationHandler<typeof listJobCategories> {
  readonly operation = listJobCategories;
  private cached: { at: number; value: Promise<OutputOf<typeof listJobCategories>> } | undefined;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown): Promise<OutputOf<typeof listJobCategories>> {
    if (!this.cached || Date.now() - this.cached.at > CACHE_MS) {
      const value = this.count();
      this.cached = { at: Date.now(), value };
      value.catch(() => {
        this.cached = undefined;
      });
    }
    return this.cached.value;
  }

  private async count(): Promise<OutputOf<typeof listJobCategories>> {
    const rows = await openJobsByCategory(this.ds);
    const byCategory = new Map(rows.map((r) => [r.category, r.count]));
    const categories = CATEGORIES.map((category) => ({ category, count: byCategory.get(category) ?? 0 }));
    return { categories, total: categories.reduce((sum, c) => sum + c.count, 0) };
  }
}
