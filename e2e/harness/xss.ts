import { expect, type BrowserContext, type Page, type Route } from '@playwright/test';

// Stored XSS (issue 25): payloads that would run, load or add an element if any screen put a
// stored text in as HTML. Each names itself (`tag`) in the probe URL and in its alert.

/** The families: an image whose source is a probe URL (and an error handler), a closed attribute
 *  with an SVG onload, a script element, a javascript: URL and a template expression. */
export function payloads(tag: string) {
  return {
    img: `<img src=/xss-probe/${tag} onerror=alert('${tag}')>`,
    svg: `"><svg onload=alert('${tag}')>`,
    script: `<script>alert('${tag}')</script>`,
    link: `javascript:alert('${tag}')`,
    template: `{{constructor.constructor('alert(1)')()}}${tag}`,
  };
}

export interface XssWatch {
  /** alert/confirm/prompt dialogs any page opened. */
  dialogs: string[];
  /** Requests for /xss-probe/... (an <img> or <svg> that was made). */
  probes: string[];
}

/** Records every dialog and probe request of the context's pages (probes get a 404). */
export async function watchXss(context: BrowserContext): Promise<XssWatch> {
  const watch: XssWatch = { dialogs: [], probes: [] };
  context.on('dialog', (d) => {
    watch.dialogs.push(d.message());
    void d.dismiss();
  });
  await context.route('**/xss-probe/**', (route) => {
    watch.probes.push(route.request().url());
    return route.fulfill({ status: 404, body: '' });
  });
  return watch;
}

/** Elements a payload would have made: event-handler attributes, probe or javascript: URLs,
 *  inline scripts with an alert. React, Fluent and Leaflet set none of these themselves. */
export function injectedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        // A text attribute (aria-label, title, alt) holding the payload as text is fine: only a
        // handler or a URL made of it would act.
        const value = attr.value.trim().toLowerCase();
        const url = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'data'].includes(attr.name);
        const bad = attr.name.startsWith('on') || (url && (value.includes('xss-probe') || value.startsWith('javascript:')));
        if (bad) found.push(`<${el.tagName.toLowerCase()} ${attr.name}="${attr.value}">`);
      }
      if (el.tagName === 'SCRIPT' && !el.getAttribute('src') && (el.textContent ?? '').includes('alert(')) found.push(`<script>${el.textContent}</script>`);
    }
    return found;
  });
}

/** Nothing ran, loaded or was made on this page. */
export async function expectNoXss(page: Page, watch: XssWatch, where: string): Promise<void> {
  expect(await injectedElements(page), `injected elements on ${where}`).toEqual([]);
  expect(watch.dialogs, `dialogs on ${where}`).toEqual([]);
  expect(watch.probes, `probe requests on ${where}`).toEqual([]);
}

const NAME_KEYS = new Set(['name', 'nickname', 'nodeName', 'taskName', 'remark', 'channelName', 'userName']);

/** Puts `text` in front of every name-like string of a JSON value (keys above). */
export function poisonNames(value: unknown, text: string): unknown {
  if (Array.isArray(value)) return value.map((v) => poisonNames(v, text));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, typeof v === 'string' && NAME_KEYS.has(k) && v !== '' ? `${text}${v}` : poisonNames(v, text)]),
    );
  }
  return value;
}

/**
 * Rewrites the console's REST reads so every name the server would refuse to store (nicknames,
 * channel, device, fence, checkpoint and task names, remarks) arrives with `text` in front: what
 * the UI would do with such a name, had one got into the database another way.
 */
export async function poisonNameReads(context: BrowserContext, text: string): Promise<void> {
  await context.route(/\/api\/(?!auth\/|files\/)/, async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    try {
      const res = await route.fetch();
      if (!(res.headers()['content-type'] ?? '').includes('application/json')) return await route.fulfill({ response: res });
      const body = (await res.json()) as unknown;
      return await route.fulfill({ response: res, json: poisonNames(body, text) });
    } catch (e) {
      // The test went to the next page while this read was in flight: Playwright disposed of the
      // response, and nobody waits for it any more. Anything else is a real failure.
      if (/disposed|closed/i.test(String(e))) return undefined;
      throw e;
    }
  });
}

/** The same for /ws2: every JSON frame the server sends arrives with `text` in front of each name
 *  (presence, SOS and chat frames carry nicknames and channel names). */
export async function poisonNameFrames(context: BrowserContext, text: string): Promise<void> {
  await context.routeWebSocket(/\/ws2/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (typeof m !== 'string') return ws.send(m);
      try {
        ws.send(JSON.stringify(poisonNames(JSON.parse(m), text)));
      } catch {
        ws.send(m);
      }
    });
  });
}
