/**
 * The logging the server's parts get: Fastify's pino logger (`app.log`) satisfies it. Everything
 * off a request's path (timers, Janus, Redis, pool errors) logs through one of these, handed in
 * by the composition root, never through the console directly.
 */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The `(err, what)` reporters of timers and follow-ups, writing to a logger. */
export function errorReporter(log: Logger): (err: unknown, what: string) => void {
  return (err, what) => log.error({ err }, what);
}

const hasKeys = (obj: object) => Object.keys(obj).length > 0;

/**
 * The process's terminal before the app (and its pino logger) exists: opening the database,
 * connecting Redis, starting Janus. main.ts switches `StartupLogger` to the app's logger after.
 */
export const consoleLogger: Logger = {
  info: (obj, msg) => console.info(msg, ...(hasKeys(obj) ? [obj] : [])),
  warn: (obj, msg) => console.warn(msg, ...(hasKeys(obj) ? [obj] : [])),
  error: (obj, msg) => console.error(msg, ...(hasKeys(obj) ? [obj] : [])),
};

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A logger whose lines go to the console until `use` points it at the app's logger. */
export class StartupLogger implements Logger {
  private target: Logger = consoleLogger;

  use(target: Logger): void {
    this.target = target;
  }

  info(obj: object, msg: string): void {
    this.target.info(obj, msg);
  }

  warn(obj: object, msg: string): void {
    this.target.warn(obj, msg);
  }

  error(obj: object, msg: string): void {
    this.target.error(obj, msg);
  }
}
