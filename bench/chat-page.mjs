// The chat bench's browser side: what is measured on the page (chat.bench.mjs runs it).
import { percentile, round } from './lib.mjs';

const HISTORY = /\/api\/chats\/[^/?]+\/messages(\?|$)/;
const FEED = '[role="feed"]';

/** Distinct messages received in history answers (a refreshed newest page counts once), per page. */
const fetchedBy = new WeakMap();

function countFetched(page) {
  const ids = new Set();
  const counter = { get messages() { return ids.size; }, requests: 0 };
  fetchedBy.set(page, counter);
  page.on('response', async (res) => {
    if (!HISTORY.test(res.url()) || res.request().method() !== 'GET') return;
    try {
      const body = await res.json();
      for (const m of body.data.items) ids.add(m.id);
      counter.requests += 1;
    } catch {
      // a page closing mid-answer
    }
  });
  return counter;
}

/**
 * Loads the console and waits for the newest message on screen. `openMs` runs from the start of
 * the history request to the frame after the newest row entered the list (a MutationObserver
 * installed before the page's own scripts), so it covers the request, the render and the scroll
 * to the bottom, not the console's own start-up (reported apart as `fromNavigationMs`).
 */
export async function measureOpen(page, url, newestText) {
  countFetched(page);
  await page.addInitScript((text) => {
    const state = { rendered: null };
    window.__chatBench = state;
    const visible = (el, box) => {
      const r = el.getBoundingClientRect();
      return r.bottom > box.top && r.top < box.bottom;
    };
    const observer = new MutationObserver(() => {
      const feed = document.querySelector('[role="feed"]');
      if (!feed || state.rendered !== null || !feed.textContent.includes(text)) return;
      const row = [...feed.querySelectorAll('[role="article"]')].find((r) => r.textContent.includes(text));
      if (!row || !visible(row, feed.getBoundingClientRect())) return;
      observer.disconnect();
      requestAnimationFrame(() => { state.rendered = performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['style'] });
  }, newestText);
  await page.goto(url);
  await page.waitForFunction(() => window.__chatBench.rendered !== null, null, { timeout: 60_000, polling: 100 });
  return page.evaluate((pattern) => {
    const re = new RegExp(pattern);
    const entry = performance.getEntriesByType('resource').find((e) => re.test(e.name) && !e.name.includes('before='));
    const rendered = window.__chatBench.rendered;
    const round = (n) => Math.round(n * 10) / 10;
    return {
      openMs: round(rendered - entry.startTime),
      requestMs: round(entry.responseEnd - entry.startTime),
      fromNavigationMs: round(rendered),
      domRows: document.querySelector('[role="feed"]').querySelectorAll('[role="article"]').length,
    };
  }, HISTORY.source);
}

/** Text of the row at the top of the list's viewport. */
function topRowText() {
  const feed = document.querySelector('[role="feed"]');
  const box = feed.getBoundingClientRect();
  const rows = [...feed.querySelectorAll('[role="article"]')]
    .map((r) => ({ r, b: r.getBoundingClientRect() }))
    .filter(({ b }) => b.bottom > box.top + 1 && b.top < box.bottom)
    .sort((a, b) => a.b.top - b.b.top);
  return rows[0]?.r.textContent ?? null;
}

/**
 * Scrolls the list to its top `times` times; each time an older page loads above. `viewKept`:
 * the row at the top when the scroll reached it is still on screen once the older page is in
 * (the list grew above it instead of jumping).
 */
export async function scrollToTop(page, times) {
  const counter = fetchedBy.get(page);
  const steps = [];
  for (let step = 1; step <= times; step += 1) {
    const before = counter.messages;
    const answered = page.waitForResponse((r) => HISTORY.test(r.url()) && r.url().includes('before='), { timeout: 30_000 });
    const t0 = await page.evaluate(async (feedSelector) => {
      const feed = document.querySelector(feedSelector);
      const start = performance.now();
      feed.scrollTop = 0;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return start;
    }, FEED);
    const anchor = await page.evaluate(topRowText);
    await answered;
    const t1 = await page.waitForFunction((feedSelector) => {
      const feed = document.querySelector(feedSelector);
      return feed.getAttribute('aria-busy') === 'false' ? performance.now() : null;
    }, FEED, { polling: 'raf', timeout: 30_000 }).then((h) => h.jsonValue());
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const after = await page.evaluate(({ feedSelector, text }) => {
      const feed = document.querySelector(feedSelector);
      const box = feed.getBoundingClientRect();
      const row = [...feed.querySelectorAll('[role="article"]')].find((r) => r.textContent === text);
      const b = row?.getBoundingClientRect();
      return {
        viewKept: Boolean(b && b.bottom > box.top && b.top < box.bottom),
        scrollTop: Math.round(feed.scrollTop),
        domRows: feed.querySelectorAll('[role="article"]').length,
      };
    }, { feedSelector: FEED, text: anchor });
    steps.push({ step, fetched: counter.messages - before, olderMs: round(t1 - t0), anchor: anchor?.slice(0, 40) ?? null, ...after });
  }
  const older = steps.map((s) => s.olderMs);
  return {
    steps,
    fetched: counter.messages,
    requests: counter.requests,
    maxDomRows: Math.max(...steps.map((s) => s.domRows)),
    olderMsP50: round(percentile(older, 50)),
  };
}

/**
 * Switching to another chat and back (through the console's channel list): ms from the click on
 * the chat to its newest message on screen again, served from the chat's cache while its newest
 * page refreshes. Null when the console has no channel list.
 */
export async function measureSwitchBack(page, title, otherTitle, newestText, times = 3) {
  const list = page.getByRole('list', { name: 'Channels' });
  if ((await list.count()) === 0) return null;
  const button = (name) => list.getByRole('button', { name: new RegExp(`^${name}`) });
  const results = [];
  for (let i = 0; i < times; i += 1) {
    await button(otherTitle).click();
    await page.getByRole('heading', { name: `Channel chat: ${otherTitle}` }).waitFor();
    const handle = await button(title).elementHandle();
    const ms = await page.evaluate(([btn, text]) => new Promise((resolve) => {
      const t0 = performance.now();
      const done = () => {
        const feed = document.querySelector('[role="feed"]');
        const row = feed && [...feed.querySelectorAll('[role="article"]')].find((r) => r.textContent.includes(text));
        if (!row) return false;
        const box = feed.getBoundingClientRect();
        const b = row.getBoundingClientRect();
        return b.bottom > box.top && b.top < box.bottom;
      };
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(Math.round((performance.now() - t0) * 10) / 10));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['style'] });
      btn.click();
    }), [handle, newestText]);
    results.push(ms);
  }
  return { runs: results, median: round(percentile(results, 50)) };
}
