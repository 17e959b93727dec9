import { useEffect } from 'react';
import type { SelfUpdateOptions } from '../core';

/** How often a display asks for its own index.html (ADR 026: every 5 minutes). */
export const SELF_UPDATE_MS = 5 * 60_000;

/**
 * The page's main script as an index.html names it. Production builds name it
 * `main.<contenthash>.js` (tools/webpack-config), so a new build names another file; a dev build
 * names plain `main.js`, and the whole text is compared instead.
 */
export function mainScriptOf(html: string): string | null {
  const found = /<script\b[^>]*\bsrc=["']([^"']*\bmain(?:\.[\w-]+)?\.js)["']/i.exec(html);
  if (!found) return null;
  const src = found[1]!;
  return src.slice(src.lastIndexOf('/') + 1);
}

/** The main script this page runs, from the document itself (null where there is none, as in tests). */
export function runningMainScript(doc: Document | undefined = globalThis.document): string | null {
  if (!doc) return null;
  for (const s of Array.from(doc.scripts)) {
    const name = mainScriptOf(`<script src="${s.getAttribute('src') ?? ''}">`);
    if (name) return name;
  }
  return null;
}

/** Whether a script name carries a content hash (`main.1a2b3c4d.js`, production), so a new build names another file. */
export function isHashed(script: string | null): script is string {
  return script !== null && /^main\.[\w-]+\.js$/.test(script);
}

export interface UpdateCheck {
  /** One look: true when the page should reload (a new build). */
  check(): Promise<boolean>;
}

/**
 * Compares the index.html on the server with what this page started from: the main script it
 * names (hashed names), else the text of the first answer. Network failures say nothing: the
 * next look tries again.
 */
export function createUpdateCheck(url: string, fetchImpl: SelfUpdateOptions['fetchImpl'], running: string | null = runningMainScript()): UpdateCheck {
  const get = fetchImpl ?? ((u: string, init: RequestInit) => fetch(u, init));
  let baseline: { script: string | null; text: string } | null = isHashed(running) ? { script: running, text: '' } : null;
  return {
    async check() {
      let text: string;
      try {
        const answer = await get(url, { cache: 'no-store', credentials: 'same-origin' });
        if (!answer.ok) return false;
        text = await answer.text();
      } catch {
        return false;
      }
      const script = mainScriptOf(text);
      if (baseline === null) {
        baseline = { script, text };
        return false;
      }
      if (isHashed(baseline.script) && isHashed(script)) return script !== baseline.script;
      return baseline.text !== '' && text !== baseline.text;
    },
  };
}

/** Display mode: every period, look for a new build of the page and reload into it. */
export function useSelfUpdate(options: SelfUpdateOptions | null, enabled: boolean): void {
  useEffect(() => {
    if (!options || !enabled) return;
    const { url, periodMs = SELF_UPDATE_MS, fetchImpl, reload = () => window.location.reload() } = options;
    const update = createUpdateCheck(url, fetchImpl);
    let busy = false;
    let done = false;
    const look = async () => {
      if (busy || done) return;
      busy = true;
      try {
        if (await update.check()) {
          done = true;
          reload();
        }
      } finally {
        busy = false;
      }
    };
    // Without the running script's name, the first look is the baseline.
    if (!isHashed(runningMainScript())) void look();
    const timer = setInterval(() => void look(), periodMs);
    return () => {
      clearInterval(timer);
      done = true;
    };
  }, [options, enabled]);
}
