// The lists bench's browser side (issue 17, acceptance 4): how long the management tables take to
// show what was asked for, in Chromium against the loaded server. Each figure runs from the user's
// event (the click or the input, its own timeStamp) to the frame after the table's rows changed and
// the table stopped being busy: the request, the answer, React's render and the paint, not the
// console's start-up. Target: p95 under 300 ms for every action.
import { summary } from './lib.mjs';

export const TARGET_RENDER_P95_MS = 300;
// Devices: Name alone, clicked again and again (ascending, descending): ID, name and IMEI of the
// generated devices share one order, so switching between them changes no row. Not 'ID' either:
// beside the selection checkboxes Chromium names its cells row headers.
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 12);

/** What is measured on each page: the list request (for the first page) and the actions. */
export const PAGES = [
  {
    name: 'users', route: '/main/userManagement', request: /\/api\/users\?/,
    sortHeaders: ['Nickname', 'Account'], searches: ['priya', 'tanaka', 'sven k', '04242'],
  },
  {
    name: 'devices', route: '/main/deviceManagement', request: /\/api\/devices\?/,
    sortHeaders: ['Name'], searches: ['radio 01', 'user0123', 'handset', '3520990'],
  },
  {
    name: 'channels', route: '/main/channelManagement', request: /\/api\/channels\?/,
    sortHeaders: ['Name', 'ID'], searches: ['Bench', 'General', 'Bench 3', 'ench 2'],
  },
];

/** In the page: the rows as text, or '' while there is no table (loading, empty). */
function installWatcher() {
  const rowsText = () => {
    const body = document.querySelector('main table tbody');
    return body ? body.textContent : '';
  };
  const busy = () => document.querySelector('main [aria-busy="true"]') !== null;
  const state = { start: null, end: null, before: rowsText(), observer: null };
  const mark = (e) => {
    if (state.start === null) state.start = e.timeStamp;
  };
  document.addEventListener('click', mark, { capture: true });
  document.addEventListener('input', mark, { capture: true });
  const check = () => {
    if (state.start === null || state.end !== null || busy()) return;
    const now = rowsText();
    if (now === state.before) return;
    state.end = -1;
    requestAnimationFrame(() => {
      state.end = performance.now();
      document.removeEventListener('click', mark, { capture: true });
      document.removeEventListener('input', mark, { capture: true });
      state.observer.disconnect();
    });
  };
  state.observer = new MutationObserver(check);
  state.observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy'] });
  window.__listBench = state;
}

/** ms from the action's event to the changed rows on screen; null when nothing changed in 10 s. */
async function timed(page, act) {
  await page.evaluate(installWatcher);
  try {
    await act();
    await page.waitForFunction(() => window.__listBench.end !== null && window.__listBench.end > 0, null, { timeout: 10_000, polling: 'raf' });
  } catch {
    return null;
  }
  const ms = await page.evaluate(() => window.__listBench.end - window.__listBench.start);
  return Math.round(ms * 10) / 10;
}

/** The figures of the runs that changed the table, and how many did not (a missed figure). */
function figuresOf(runs) {
  const ok = runs.filter((x) => x !== null);
  return ok.length === 0 ? { n: 0, missed: runs.length, met: false } : { ...summary(ok), missed: runs.length - ok.length };
}

/** First page: from the list request's start to the frame after its rows are on screen. */
async function firstPage(context, base, spec) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const state = { rendered: null };
    window.__firstRows = state;
    const observer = new MutationObserver(() => {
      const body = document.querySelector('main table tbody');
      if (!body || body.children.length === 0 || document.querySelector('main [aria-busy="true"]')) return;
      observer.disconnect();
      requestAnimationFrame(() => { state.rendered = performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${base}${spec.route}`);
  await page.waitForFunction(() => window.__firstRows.rendered !== null, null, { timeout: 60_000, polling: 100 });
  const ms = await page.evaluate((pattern) => {
    const re = new RegExp(pattern);
    const entry = performance.getEntriesByType('resource').find((e) => re.test(e.name));
    return window.__firstRows.rendered - entry.startTime;
  }, spec.request.source);
  return { page, ms: Math.round(ms * 10) / 10 };
}

/** Every action of one page, RUNS times each; the page is the one `firstPage` left open. */
async function actions(page, spec) {
  const next = [];
  const onePage = await page.getByRole('button', { name: 'Next', exact: true }).isDisabled();
  const nextButton = page.getByRole('button', { name: 'Next', exact: true });
  const previousButton = page.getByRole('button', { name: 'Previous', exact: true });
  for (let i = 0; i < (onePage ? 0 : RUNS); i += 1) {
    // Forward, and back every other time, so the pages asked for are not all cached answers.
    next.push(await timed(page, () => nextButton.click({ timeout: 5000 })));
    if (i % 2 === 1) await timed(page, () => previousButton.click({ timeout: 5000 }));
  }
  const sort = [];
  for (let i = 0; i < RUNS; i += 1) {
    const header = spec.sortHeaders[i % spec.sortHeaders.length];
    sort.push(await timed(page, () => page.getByRole('columnheader', { name: header }).first().click({ timeout: 5000 })));
  }
  const search = [];
  const box = page.getByRole('searchbox').first();
  for (let i = 0; i < RUNS; i += 1) {
    // A term, then clearing it: two different results each round.
    const term = `${spec.searches[i % spec.searches.length]}`;
    search.push(await timed(page, () => box.fill(term)));
    await timed(page, () => box.fill(''));
  }
  return { next: onePage ? null : next, sort, search };
}

/**
 * Runs every page in a fresh tab of `context` (already signed in). Returns, per page and action,
 * n/p50/p95/max in ms and whether p95 met the target.
 */
export async function measureManagementPages(context, base, log) {
  // Through the tables as an English-speaking super admin sees them (header and button names).
  const out = {};
  for (const spec of PAGES) {
    const firstRuns = [];
    let page = null;
    for (let i = 0; i < 3; i += 1) {
      if (page) await page.close();
      const r = await firstPage(context, base, spec);
      page = r.page;
      firstRuns.push(r.ms);
    }
    const acts = await actions(page, spec);
    await page.close();
    const figures = { firstPage: figuresOf(firstRuns), sort: figuresOf(acts.sort), search: figuresOf(acts.search) };
    // A list of one page (the few channels) has no next page to ask for.
    if (acts.next) figures.nextPage = figuresOf(acts.next);
    for (const f of Object.values(figures)) f.met = f.n > 0 && f.missed === 0 && f.p95 < TARGET_RENDER_P95_MS;
    out[spec.name] = figures;
    log(`browser ${spec.name}: ${Object.entries(figures).map(([k, f]) => `${k} p95 ${f.p95} ms`).join(', ')}`);
  }
  return out;
}

/** Signs `account` in on a fresh context of `browser` (token in local storage, as the login page). */
export async function signedInContext(browser, base, session) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const setup = await context.newPage();
  await setup.goto(`${base}/login`);
  await setup.evaluate((s) => {
    localStorage.setItem('token', s.auth_token);
    localStorage.setItem('user', JSON.stringify(s));
    localStorage.setItem('locale', 'en');
  }, session);
  await setup.close();
  return context;
}
