import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, checkLayout, DESKTOP_WIDTH, PHONE_WIDTH } from '@marketplace/testing';

/**
 * The bar every member page meets in a browser test: no axe violation, styled, nothing scrolling
 * sideways on a phone or a desktop, with a screenshot at each width named `<prefix>-<name>`.
 */
export async function checkPageAtWidths(page: Page, name: string, prefix: string): Promise<void> {
  expect(await axeViolations(page), name).toEqual([]);
  for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
    await page.setViewportSize({ width, height: 900 });
    const layout = await checkLayout(page, `${prefix}-${name}`);
    expect(layout.overflow, `${name} at ${width}px`).toBe(0);
    expect(layout.styled, name).toBe(true);
  }
}
