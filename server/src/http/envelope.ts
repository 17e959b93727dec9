import { SERVER_CODES, ServerCode } from '@ptt/contracts';

export interface EnvelopeBody<T> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(data: T): EnvelopeBody<T> {
  return { code: ServerCode.Ok, msg: SERVER_CODES[ServerCode.Ok].meaning, data };
}

export function failure(code: ServerCode, data: unknown = null, msg: string = SERVER_CODES[code].meaning): EnvelopeBody<unknown> {
  return { code, msg, data };
}
