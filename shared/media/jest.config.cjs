const path = require('node:path');
const base = require('../../jest.preset.cjs')({ dom: true });

module.exports = {
  ...base,
  setupFiles: [path.join(__dirname, '..', 'ui', 'test', 'setup-dom.ts')],
};
