/** The part of Fastify's (pino's) logger the media side uses; main.ts passes the console until the
 *  app's logger exists. */
export interface MediaLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const consoleMediaLog: MediaLog = {
  info: (obj, msg) => console.info(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

export const silentMediaLog: MediaLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
