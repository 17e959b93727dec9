/**
 * In-process events between modules of one node, so a module can react to another's change
 * without importing its service (chat writes system messages when channel members change).
 * Cross-node delivery is the hub's job; these run where the change happened, after the commit.
 */
export interface DomainEventMap {
  'channel.membersAdded': { entId: number; channelId: number; userIds: number[]; byUserId: number };
  'channel.membersRemoved': { entId: number; channelId: number; userIds: number[]; byUserId: number };
  'channel.disbanded': { entId: number; channelId: number; userIds: number[]; byUserId: number };
  'channel.statusChanged': { entId: number; channelId: number; enabled: boolean; byUserId: number };
  /** Positions of one report after their commit: WGS-84, `time` the device's ms; `ip` of a REST
   *  report (null over the socket). Geofences are evaluated from it. */
  'location.stored': { entId: number; userId: number; points: { lng: number; lat: number; time: number }[]; ip: string | null };
}

type Listener<K extends keyof DomainEventMap> = (event: DomainEventMap[K]) => void | Promise<void>;

export class DomainEvents {
  private readonly listeners = new Map<keyof DomainEventMap, Listener<never>[]>();

  constructor(private readonly onError: (err: unknown, name: string) => void = () => undefined) {}

  on<K extends keyof DomainEventMap>(name: K, listener: Listener<K>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener);
    this.listeners.set(name, list);
  }

  /** Runs every listener; one failing does not stop the others or the caller. */
  async emit<K extends keyof DomainEventMap>(name: K, event: DomainEventMap[K]): Promise<void> {
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        await (listener as Listener<K>)(event);
      } catch (err) {
        this.onError(err, name);
      }
    }
  }
}
