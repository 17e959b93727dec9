/** The /ws2 address on the page's own host: ws:// for http pages, wss:// for https. */
export function socketUrlFor(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws2`;
}
