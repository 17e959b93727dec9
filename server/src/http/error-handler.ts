import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServerCode, httpStatusFor } from '@ptt/contracts';
import { ZodError } from 'zod';
import { AppError } from './app-error';
import { failure } from './envelope';

function isFastifyError(err: unknown): err is FastifyError {
  return err instanceof Error && typeof (err as Partial<FastifyError>).statusCode === 'number';
}

/**
 * Errors Fastify raises before routing (a path that is not valid percent-encoded UTF-8, such as a
 * lone surrogate's bytes, or a parameter over the length limit): the envelope too, with 2004.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
    void reply.code(err.statusCode).send(failure(ServerCode.ParameterError, { reason: err.message }));
    return;
  }
  req.log.error({ err }, 'framework error');
  void reply.code(httpStatusFor(ServerCode.ServiceException)).send(failure(ServerCode.ServiceException));
}

/**
 * Every failure leaves as the envelope `{ code, msg, data }`. Client mistakes (bad JSON, too
 * large, wrong shape, wrong content type) are 4xx with code 2004; only our own faults are 500.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.httpStatus).send(failure(err.code, err.data, err.message));
    }
    if (err instanceof ZodError) {
      const issues = err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code }));
      return reply.code(httpStatusFor(ServerCode.ParameterError)).send(failure(ServerCode.ParameterError, { issues }));
    }
    // Fastify's own 4xx: invalid JSON (400), body over the limit (413), unsupported type (415)...
    // keep its status, answer with 2004.
    if (isFastifyError(err) && err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(failure(ServerCode.ParameterError, { reason: err.message }));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(httpStatusFor(ServerCode.ServiceException)).send(failure(ServerCode.ServiceException));
  });

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(httpStatusFor(ServerCode.NotFound)).send(failure(ServerCode.NotFound, { path: pathname }));
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
