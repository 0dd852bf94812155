import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What is measured: WCAG 2.0 and 2.1, levels A and AA (docs/accessibility.md). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules switched off, each with its reason (docs/accessibility.md). `meta-viewport`: the spec
 * (§9, "Multi-touch zoom gestures are blocked") requires what `apps/web/index.html`'s viewport meta
 * does with `maximum-scale=1, user-scalable=no`, which axe rates critical.
 */
export const AXE_DISABLED_RULES = ['meta-viewport'];

const BLOCKING_IMPACTS = new Set(['critical', 'serious']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; colours?: string }[];
}

/** `#777 on #fff 4.48:1` from a color-contrast node's data (other rules have none). */
function coloursOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { fgColor, bgColor, contrastRatio } = data as Record<string, unknown>;
  if (typeof fgColor !== 'string' || typeof bgColor !== 'string') return undefined;
  return `${fgColor} on ${bgColor} ${String(contrastRatio)}:1`;
}

/** The critical and serious violations axe finds on the page as it is now. */
export async function seriousViolations(page: Page, include?: string): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).disableRules(AXE_DISABLED_RULES);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map((t) => (Array.isArray(t) ? t.join(' >> ') : String(t))).join(' >> '),
        html: n.html.replace(/\s+/g, ' ').slice(0, 160),
        colours: coloursOf(n.any[0]?.data),
      })),
    }));
}

/** A readable list: one line per rule, one indented line per element (selector and html). */
export function describeFindings(label: string, findings: readonly AxeFinding[]): string {
  const count = findings.reduce((sum, f) => sum + f.nodes.length, 0);
  const lines = [`${label}: ${count} critical or serious accessibility violation(s)`];
  for (const f of findings) {
    lines.push(`- ${f.rule} (${f.impact}, ${f.nodes.length}): ${f.help}`);
    for (const n of f.nodes) lines.push(`    ${n.colours ? `[${n.colours}] ` : ''}${n.target}  ${n.html}`);
  }
  return lines.join('\n');
}

/**
 * Runs axe (WCAG 2 A and AA) on the page, or on the part `include` selects (a dialog), and fails
 * with every critical or serious violation listed: rule, impact, selector and an html snippet.
 * The failure is soft: the test goes on to its next screen and fails at its end with every
 * screen's list, so one run shows the whole state.
 */
export async function expectNoSeriousViolations(page: Page, label: string, include?: string) {
  let findings = await seriousViolations(page, include);
  if (findings.length > 0) {
    // A colour caught mid-transition (a button enabled as its list arrives fades for 0.2 s) reads
    // wrong once: look again for a few seconds; a real violation stays and is reported.
    await expect
      .poll(async () => (findings = await seriousViolations(page, include)).length, {
        timeout: 5_000,
        intervals: [500, 1_000],
      })
      .toBe(0)
      .catch(() => undefined);
  }
  const count = findings.reduce((sum, f) => sum + f.nodes.length, 0);
  expect.soft(count, describeFindings(label, findings)).toBe(0);
}
