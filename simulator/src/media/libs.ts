import { existsSync } from 'node:fs';
import path from 'node:path';

// The browser libraries the handset page loads: janus.js (npm janus-gateway 1.4.2) and
// webrtc-adapter, the same files the console bundles. They are dependencies of @ptt/media in this
// repository; the simulator runs from the repository (`npm start`, `npm run simulate`), so it
// takes them from there rather than keeping a second copy.

export interface BrowserLibs {
  janusJs: string;
  adapterJs: string;
}

/** The repository root: this file is simulator/src/media/ (tsx) or bundled in simulator/dist/. */
function repoRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 5; i++) {
    if (existsSync(path.join(dir, 'shared', 'media', 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  return path.resolve(__dirname, '..', '..', '..');
}

export function findBrowserLibs(env: NodeJS.ProcessEnv = process.env): BrowserLibs {
  const mediaPkg = path.join(repoRoot(), 'shared', 'media');
  const resolve = (id: string) => {
    try {
      return require.resolve(id, { paths: [mediaPkg, __dirname] });
    } catch {
      return null;
    }
  };
  const janusJs = env.SIM_JANUS_JS || resolve('janus-gateway/npm/dist/janus.es.js');
  const adapterJs = env.SIM_ADAPTER_JS || resolve('webrtc-adapter/out/adapter.js');
  if (!janusJs || !existsSync(janusJs) || !adapterJs || !existsSync(adapterJs)) {
    throw new Error(`janus.js and webrtc-adapter were not found under ${mediaPkg}/node_modules (run npm install)`);
  }
  return { janusJs, adapterJs };
}
