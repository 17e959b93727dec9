import { useEffect, useState } from 'react';
import type { BusPayload, StateTopicName } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';

/** Current value of a bus state topic, re-rendering when it changes. */
export function useBusState<K extends StateTopicName>(bus: EventBus, topic: K): BusPayload<K> | undefined {
  const [value, setValue] = useState<BusPayload<K> | undefined>(() => bus.current(topic));
  useEffect(() => {
    const sub = bus.on(topic).subscribe((next) => setValue(next));
    return () => sub.unsubscribe();
  }, [bus, topic]);
  return value;
}
