import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const BLOCKING_IMPACTS: readonly string[] = ['serious', 'critical'];

/**
 * Fluent UI's focus manager (tabster) puts `<i tabindex="0" aria-hidden="true" data-tabster-dummy>`
 * around menus and lists on purpose: they only hand focus on to the right element and must stay
 * silent for screen readers. Fluent marks this "by design" (microsoft/fluentui#27517) and
 * Accessibility Insights suppresses it. Only those nodes are set aside, only for that rule:
 * any other aria-hidden focusable element still fails the test.
 */
function isTabsterDummy(rule: string, html: string): boolean {
  return rule === 'aria-hidden-focus' && /^<i [^>]*data-tabster-dummy=/.test(html);
}

/** What a failure prints: the rule, its impact and the offending elements. */
export interface Finding { rule: string; impact: string; help: string; targets: string[] }

/** Serious or critical axe findings on the page as it is now. */
export async function blockingViolations(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => BLOCKING_IMPACTS.includes(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.filter((n) => !isTabsterDummy(v.id, n.html)).map((n) => `${n.target.join(' ')}: ${n.html}`),
    }))
    .filter((f) => f.targets.length > 0);
}
