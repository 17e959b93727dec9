import { createSocket, type Socket } from 'node:dgram';

/**
 * A UDP socket bound to a free port on `host`, where Janus `rtp_forward`s audio to this server (the
 * burst recorder, the patch and all-call relay). Errors after binding are swallowed: a late packet
 * or a send to a bridge that just went away must never crash the server.
 */
export async function bindUdpPort(host: string): Promise<{ socket: Socket; port: number }> {
  const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  socket.on('error', () => undefined);
  return { socket, port: socket.address().port };
}
