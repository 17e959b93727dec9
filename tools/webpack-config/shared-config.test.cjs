// sharedConfig against the real apps of the workspace: the dispatch remote uses the map, the host does not.
const assert = require('node:assert/strict');
const path = require('node:path');
const { test } = require('node:test');
const { sharedConfig } = require('./index.cjs');

const ROOT = path.resolve(__dirname, '..', '..');
const MAP_SHARES = ['@ptt/map', 'leaflet', '@geoman-io/leaflet-geoman-free'];

test('an app with the map shares Leaflet, geoman (found through @ptt/map) and @ptt/map as singletons', () => {
  const shared = sharedConfig(path.join(ROOT, 'remotes', 'dispatch'));
  for (const name of MAP_SHARES) {
    assert.equal(shared[name]?.singleton, true, name);
    assert.match(shared[name].version, /^\d+\.\d+\.\d+/, name);
  }
  // Its own declaration wins; geoman, not declared by the app, accepts compatible versions.
  assert.equal(shared.leaflet.requiredVersion, '1.9.4');
  assert.equal(shared['@geoman-io/leaflet-geoman-free'].requiredVersion, `^${shared['@geoman-io/leaflet-geoman-free'].version}`);
});

test('an app without the map shares none of it and still shares the rest', () => {
  const shared = sharedConfig(path.join(ROOT, 'host'));
  for (const name of MAP_SHARES) assert.equal(shared[name], undefined, name);
  assert.equal(shared.react.singleton, true);
  assert.equal(shared['@ptt/ui'].singleton, true);
});
