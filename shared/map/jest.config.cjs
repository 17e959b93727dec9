const base = require('../../jest.preset.cjs')({ dom: true });
module.exports = base;
