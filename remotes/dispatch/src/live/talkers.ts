import { chatId } from '@ptt/contracts';

/** A floor as the PTT slice keeps it (src/ptt): who holds it and since when (ISO, the server's clock). */
export interface HeldFloorLike {
  holder: { uid: number; nickname: string };
  since: string | null;
}

/** A member drawn as talking on the map: the channels whose floor they hold, and since when. */
export interface MapTalker {
  uid: number;
  nickname: string;
  /** Channel names in the order the channels were given (watched order, then the selected one). */
  channels: string[];
  /** Epoch ms of the earliest grant; null when the server did not say (the marker counts from when it saw it). */
  since: number | null;
}

export interface TalkerInput {
  floors: Readonly<Record<string, HeldFloorLike>>;
  entId: number;
  /** The watched channels, in their order. */
  watched: readonly number[];
  /** The channel selected for transmit, if any; it counts whether watched or not. */
  selected: number | null;
  /** Channel id -> name (a channel missing here is shown by its id). */
  names: ReadonlyMap<number, string>;
}

/**
 * Who holds the floor of a watched channel or of the selected one. Floors of other channels and of
 * temporary channels are left out: the map shows what the dispatcher listens to. A member holding
 * more than one floor (an all-call) is one talker with every channel named.
 */
export function mapTalkers({ floors, entId, watched, selected, names }: TalkerInput): MapTalker[] {
  const ids = [...new Set(selected === null ? watched : [...watched, selected])];
  const byUid = new Map<number, MapTalker>();
  for (const id of ids) {
    const floor = floors[chatId(entId, id)];
    if (!floor) continue;
    const name = names.get(id) ?? String(id);
    const parsed = floor.since === null ? NaN : Date.parse(floor.since);
    const since = Number.isFinite(parsed) ? parsed : null;
    const known = byUid.get(floor.holder.uid);
    if (!known) {
      byUid.set(floor.holder.uid, { uid: floor.holder.uid, nickname: floor.holder.nickname, channels: [name], since });
      continue;
    }
    known.channels.push(name);
    if (since !== null && (known.since === null || since < known.since)) known.since = since;
  }
  return [...byUid.values()];
}

/** Whole seconds of talk at `now`; a console clock behind the server's shows 0, never a negative time. */
export function talkSeconds(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 1000));
}

