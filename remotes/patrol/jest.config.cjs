const path = require('node:path');

const base = require('../../jest.preset.cjs')({ dom: true });
// @ptt/map (the editor's and the preview's map) brings stylesheets and ESM-only supercluster: its helper config handles both.
const map = require('../../shared/map/jest-map.config.cjs');

module.exports = { ...base, ...map, setupFiles: [path.join(__dirname, '..', '..', 'shared', 'ui', 'test', 'setup-dom.ts')] };
