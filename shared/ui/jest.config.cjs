const path = require('node:path');

const base = require('../../jest.preset.cjs')({ dom: true });
module.exports = { ...base, setupFiles: [path.join(__dirname, 'test', 'setup-dom.ts')] };
