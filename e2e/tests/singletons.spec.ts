import { test, expect, loginViaApi } from '../harness/fixtures';
import { REMOTE_NAMES } from '../harness/paths';

// Acceptance 5: react, react-dom, rxjs, i18next and Fluent UI are each loaded once in the page.
// Markers are export assignments and literals that survive minification and belong to one library.
const MARKERS: Record<string, RegExp> = {
  react: /\.cloneElement=function/,
  'react-dom': /\.unstable_renderSubtreeIntoContainer=function/,
  rxjs: /object unsubscribed/,
  i18next: /create\("translator"\)/,
  '@fluentui/react-components': /fui-FluentProvider/,
};
const ROUTES = ['/main/dispatch', '/main/userManagement', '/main/fenceManagement', '/main/record/sos',
  '/main/patrol/dashboard', '/main/screen', '/sosManagement'];

test('shared libraries are loaded once across the host and every remote', async ({ page, baseURL }) => {
  const scripts: { url: string; body: string }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    void res.text().then((body) => scripts.push({ url: res.url(), body }), () => undefined);
  });
  await loginViaApi(page, baseURL);
  for (const route of ROUTES) {
    await page.goto(`${baseURL}${route}`);
    await expect(page.locator('[data-testid^="remote-"]').first()).toBeVisible();
  }
  await page.waitForLoadState('networkidle');

  // Every remote was fetched, so a remote bundling its own copy would have been counted.
  for (const remote of REMOTE_NAMES) {
    expect(scripts.some((s) => s.url.includes(`/remotes/${remote}/`))).toBe(true);
  }
  for (const [lib, marker] of Object.entries(MARKERS)) {
    const carriers = scripts.filter((s) => marker.test(s.body)).map((s) => new URL(s.url).pathname);
    expect({ lib, carriers: carriers.length }).toEqual({ lib, carriers: 1 });
  }

  // The federation runtime agrees: one loaded provider per library, and it is the host.
  const loaded = await page.evaluate((libs) => {
    type Shared = { from: string; loaded?: boolean };
    type Scopes = Record<string, Record<string, Record<string, Shared>>>;
    const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Scopes> } }).__FEDERATION__?.__SHARE__ ?? {};
    // Several runtime instances may point at one share scope: count each entry once.
    return libs.map((lib) => [...new Set(Object.values(share).flatMap((scopes) => Object.values(scopes.default?.[lib] ?? {})))]
      .filter((s) => s.loaded).map((s) => s.from));
  }, Object.keys(MARKERS));
  for (const providers of loaded) expect(providers).toEqual(['host']);
});
