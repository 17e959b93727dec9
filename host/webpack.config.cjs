const { createConfig } = require('@ptt/webpack-config');

const base = createConfig({ name: 'host', dir: __dirname, isHost: true, port: 3000, title: 'PTT dispatch console' });

// `npm run dev`: the page comes from this dev server, everything else the server serves (REST,
// the /ws2 socket, the remotes list and the remotes' builds) from the server started beside it.
const SERVER = process.env.PTT_SERVER_URL || `http://127.0.0.1:${process.env.PORT || 8080}`;
const PROXIED = ['/api', '/ws2', '/config', '/remotes'];

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.devServer = {
    ...config.devServer,
    proxy: [{ context: PROXIED, target: SERVER, ws: true, changeOrigin: false }],
  };
  return config;
};
