// Stylesheets imported by the map (Leaflet, leaflet-geoman) mean nothing to jsdom.
export {};
