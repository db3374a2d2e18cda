import { describe, expect, it } from 'vitest';

import { HEADLESS_FLAGS, isEnvironmentalFailure, packagedBrowserArgs } from './browser.js';

describe('packagedBrowserArgs', () => {
  const packageArgs = [
    '--no-pings',
    '--single-process',
    '--disable-features=AudioServiceOutOfProcess,IsolateOrigins,site-per-process',
    '--enable-features=SharedArrayBuffer',
    '--disable-webgl',
    '--disable-setuid-sandbox',
    '--disable-site-isolation-trials',
    '--disable-web-security',
    '--allow-running-insecure-content',
    "--headless='shell'",
    '--no-sandbox',
    '--no-zygote',
  ];
  const args = packagedBrowserArgs(packageArgs);

  it("keeps same-origin rules and site isolation on, and adds this machine's headless flags once", () => {
    for (const dropped of [
      '--disable-web-security',
      '--allow-running-insecure-content',
      '--disable-site-isolation-trials',
      '--single-process',
      "--headless='shell'",
    ]) {
      expect(args).not.toContain(dropped);
    }
    expect(args.some((a) => a.startsWith('--disable-features='))).toBe(false);
    expect(args).toEqual(expect.arrayContaining([...HEADLESS_FLAGS, '--no-pings', '--no-zygote', '--disable-webgl']));
    expect(args.filter((a) => a === '--no-sandbox')).toHaveLength(1);
  });
});

describe('isEnvironmentalFailure', () => {
  const linux = { platform: 'linux' as NodeJS.Platform, arch: 'x64' as NodeJS.Architecture };

  it('a platform the package ships no binary for is the machine', () => {
    expect(isEnvironmentalFailure(new Error('anything'), { platform: 'darwin', arch: 'arm64' })).toBe(true);
    expect(isEnvironmentalFailure(new Error('anything'), { platform: 'linux', arch: 'arm64' })).toBe(true);
  });

  it('a full or read-only temp directory, or missing system libraries, is the machine', () => {
    expect(isEnvironmentalFailure(Object.assign(new Error('write failed'), { code: 'ENOSPC' }), linux)).toBe(true);
    expect(isEnvironmentalFailure(new Error('/tmp/chromium: error while loading shared libraries: libnss3.so'), linux)).toBe(true);
  });

  it('anything else is not, so it is reported instead of hidden by a fallback', () => {
    expect(isEnvironmentalFailure(new Error('Target page, context or browser has been closed'), linux)).toBe(false);
    expect(isEnvironmentalFailure(new Error('Timeout 180000ms exceeded'), linux)).toBe(false);
  });
});
