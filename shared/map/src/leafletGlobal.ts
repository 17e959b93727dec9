import * as L from 'leaflet';

// leaflet-geoman patches the global `L` when it loads, and every Leaflet copy sets `window.L` to
// itself as it loads. Federation shares one Leaflet between the apps that use the map, but an app
// built without that sharing (a test page, a standalone build) still brings its own: so this module
// is imported just before geoman, to make sure geoman patches the Leaflet our maps are made with.
(window as unknown as { L: typeof L }).L = L;
