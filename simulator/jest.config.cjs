const preset = require('../jest.preset.cjs')({ dom: false });

// The integration test starts the real server, whose cold start (migrations, demo seed) takes a while.
module.exports = { ...preset, testTimeout: 120_000 };
