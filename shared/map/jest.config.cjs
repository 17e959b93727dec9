const path = require('node:path');
const base = require('../../jest.preset.cjs')({ dom: true });
const mapSupport = require('./jest-map.config.cjs');

module.exports = {
  ...base,
  ...mapSupport,
  setupFiles: [path.join(__dirname, '..', 'ui', 'test', 'setup-dom.ts')],
};
