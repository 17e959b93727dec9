const { createConfig } = require('@ptt/webpack-config');

module.exports = createConfig({ name: 'patrol', dir: __dirname, port: 3005, title: 'PTT Patrol' });
