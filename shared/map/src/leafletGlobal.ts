import * as L from 'leaflet';

// leaflet-geoman patches the global `L` when it loads. Each remote bundles its own Leaflet, and
// the last one loaded owns `window.L`; this module is imported just before geoman so that geoman
// patches the Leaflet our maps are made with.
(window as unknown as { L: typeof L }).L = L;
