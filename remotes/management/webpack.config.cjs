const { createConfig } = require('@ptt/webpack-config');

module.exports = createConfig({ name: 'management', dir: __dirname, port: 3002, title: 'PTT Management' });
