import { ChatService } from '../chat/chat.service';
import type { ModuleDeps } from '../modules';
import { BurstKeeper } from './burst-keeper';
import { FloorService } from './floor.service';

// One floor service per app: the routes' grants and the realtime side's ends share its timers and
// watches (as fence-module.ts does for the fence cache).
const services = new WeakMap<object, FloorService>();

// ModuleDeps has no logger: failures off a request's path go to stderr, where the server's own
// log goes too.
const log = (err: unknown, what: string): void => console.error(what, err);

export function floorServiceFor(deps: ModuleDeps): FloorService {
  let service = services.get(deps);
  if (!service) {
    const chat = new ChatService(deps.db, deps.hub, deps.sendLimiter);
    const bursts = new BurstKeeper({ db: deps.db, files: deps.files, media: deps.media, chat }, log);
    service = new FloorService(deps, bursts, log);
    services.set(deps, service);
  }
  return service;
}
