const path = require('node:path');

const base = require('../../jest.preset.cjs')({ dom: true });
module.exports = { ...base, setupFiles: [path.join(__dirname, '..', '..', 'shared', 'ui', 'test', 'setup-dom.ts')] };
