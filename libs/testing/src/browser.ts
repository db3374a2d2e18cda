import { existsSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser } from 'playwright-core';

/**
 * Flags every headless Chromium needs on this kind of machine: root (no sandbox), no GPU, and no
 * background connections (the network is closed; without these Chromium keeps dialling Google's
 * hosts and logs refusals).
 */
export const HEADLESS_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/**
 * Flags in `@sparticuz/chromium`'s list (made for serverless functions) that change what a page
 * may do: tests drive the pages as a person's browser would, so same-origin rules and site
 * isolation stay on (its `--disable-features=` line, which turns site isolation off, is dropped
 * too). `--single-process` is for Lambda's seccomp only and makes Chromium fragile with several
 * pages; `--in-process-gpu` is a memory saving that costs the whole browser when GL fails.
 */
const NOT_FOR_TESTS = new Set([
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--single-process',
  // With no GPU here, GL initialisation fails; in the browser process that is a crash (SIGTRAP at the first page).
  '--in-process-gpu',
]);

/** Where Debian's `chromium` package puts the browser; used only as a fallback (see below). */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** The flags for the packaged browser: the package's own, less {@link NOT_FOR_TESTS}, plus {@link HEADLESS_FLAGS}. */
export function packagedBrowserArgs(packageArgs: readonly string[]): string[] {
  const kept = packageArgs.filter((a) => !NOT_FOR_TESTS.has(a) && !a.startsWith('--headless') && !a.startsWith('--disable-features='));
  return [...new Set([...kept, ...HEADLESS_FLAGS])];
}

/**
 * Whether a failure to unpack or start the packaged browser lies with the machine rather than with
 * the package or the code: a platform the package ships no binary for (it ships Linux x86-64
 * only), a temp directory that is full or read-only, or missing system libraries.
 */
export function isEnvironmentalFailure(error: unknown, host = { platform: platform(), arch: arch() }): boolean {
  if (host.platform !== 'linux' || host.arch !== 'x64') return true;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && ['ENOSPC', 'EROFS', 'EACCES', 'EPERM', 'ENOEXEC'].includes(code)) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /error while loading shared libraries|exec format error|ENOSPC|EACCES|EROFS|ENOEXEC|no space left on device/i.test(message);
}

/**
 * Starts the headless Chromium the browser tests drive. The browser comes from the npm package
 * `@sparticuz/chromium` (unpacked into the temp directory on first use), so `npm install && npm test`
 * needs no apt step. `CHROMIUM_PATH` names another browser explicitly. Only when the packaged
 * browser cannot start for a reason of the machine's ({@link isEnvironmentalFailure}) and Debian's
 * `/usr/bin/chromium` is there is that one used instead, with a warning; any other failure is thrown.
 * `extraArgs` add flags for one test (a fake camera and screen for the record page).
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return chromium.launch({ executablePath: explicit, args: [...HEADLESS_FLAGS, ...extraArgs] });
  try {
    const { default: packaged } = await import('@sparticuz/chromium');
    packaged.setGraphicsMode = false; // no WebGL through SwiftShader: --disable-gpu is what this machine needs
    const executablePath = await packaged.executablePath();
    return await chromium.launch({ executablePath, args: [...packagedBrowserArgs(packaged.args), ...extraArgs] });
  } catch (error) {
    if (!isEnvironmentalFailure(error) || !existsSync(SYSTEM_CHROMIUM)) {
      const hint = `the packaged browser (@sparticuz/chromium, unpacked at ${join(tmpdir(), 'chromium')}) did not start`;
      throw new Error(`${hint}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    process.stderr.write(
      `launchBrowser: packaged Chromium cannot run here (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); using ${SYSTEM_CHROMIUM}\n`,
    );
    return chromium.launch({ executablePath: SYSTEM_CHROMIUM, args: [...HEADLESS_FLAGS, ...extraArgs] });
  }
}
