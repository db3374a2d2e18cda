import { describe, expect, it } from 'vitest';
import { safetyPolicySchema } from '@marketplace/contracts';
import { limitsConfig } from '@marketplace/service-kit';
import { safetyPolicy } from './safety-policy.js';

describe('the safety policy', () => {
  it('reports the member-facing limits in force, photo uploads and OAuth (MCP) requests included', () => {
    const policy = safetyPolicy();
    expect(safetyPolicySchema.parse(policy)).toEqual(policy);
    expect(policy).toMatchObject({
      photoUploadsPerHour: limitsConfig().photoUploadsPerHour,
      oauthRequestsPerMinute: limitsConfig().oauthRequestsPerMinute,
      apiKeyRequestsPerMinute: limitsConfig().apiKeyRequestsPerMinute,
      messages: limitsConfig().messages,
      sessionRequestsPerMinute: limitsConfig().sessionRequestsPerMinute,
      fileWritesPerMinute: limitsConfig().fileWritesPerMinute,
      reportsPerHour: { help: limitsConfig().reports.helpPerHour, problems: limitsConfig().reports.problemsPerHour,
        features: limitsConfig().reports.featuresPerHour, content: limitsConfig().reports.contentPerHour },
      modelUse: limitsConfig().modelUse,
    });
  });

  it('lists every named write limit with the number in force', () => {
    const { writeLimits } = safetyPolicy();
    expect(writeLimits.map((l) => l.name).sort()).toEqual(Object.keys(limitsConfig().writes).sort());
    for (const l of writeLimits) expect(l.max, l.name).toBe(limitsConfig().writes[l.name as keyof ReturnType<typeof limitsConfig>['writes']]);
  });
});
