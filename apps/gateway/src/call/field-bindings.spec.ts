import { coerceQueryValue, getJob, listOpenJobs, postJob } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { bindFields, fastifyPath } from './field-bindings.js';

describe('bindFields', () => {
  it('takes path params from the path, GET fields from the query, others from the body', () => {
    expect(bindFields(getJob).map((f) => [f.key, f.in])).toEqual([['id', 'path']]);
    const list = bindFields(listOpenJobs);
    expect(list.find((f) => f.key === 'posterId')).toMatchObject({ in: 'query', rest: 'poster_id', mcp: 'poster_id' });
    const post = bindFields(postJob);
    expect(post.find((f) => f.key === 'preferredWorkers')).toMatchObject({ in: 'body', rest: 'preferred_workers', mcp: 'preferred_workers' });
    expect(post.find((f) => f.key === 'posterVisibility')).toMatchObject({ rest: 'posterVisibility', mcp: 'poster_visibility', required: false });
    expect(post.find((f) => f.key === 'title')?.required).toBe(true);
  });

  it('turns {param} into :param', () => {
    expect(fastifyPath('/api/jobs/{id}/versions/{version}')).toBe('/api/jobs/:id/versions/:version');
  });
});

describe('coerceQueryValue', () => {
  const shape = listOpenJobs.input.shape;
  it('converts numbers, wraps single values of arrays, leaves bad values for validation', () => {
    expect(coerceQueryValue(shape.limit, '20')).toBe(20);
    expect(coerceQueryValue(shape.limit, 'ten')).toBe('ten');
    expect(coerceQueryValue(shape.category, 'data')).toEqual(['data']);
    expect(coerceQueryValue(shape.category, ['data', 'legal'])).toEqual(['data', 'legal']);
    expect(coerceQueryValue(shape.sort, ['newest', 'relevance'])).toBe('relevance');
    expect(coerceQueryValue(shape.limit, undefined)).toBeUndefined();
  });
});
