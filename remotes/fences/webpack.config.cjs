const { createConfig } = require('@ptt/webpack-config');

module.exports = createConfig({ name: 'fences', dir: __dirname, port: 3003, title: 'PTT Geofence' });
