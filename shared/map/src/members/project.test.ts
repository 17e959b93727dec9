import * as L from 'leaflet';
import { pixelX, pixelY } from './project';

it("projects as Leaflet's default CRS does", () => {
  for (const [lat, lng, zoom] of [[31.23, 121.47, 12], [-33.9, 18.4, 5], [89, -170, 2], [0, 0, 18]] as const) {
    const p = L.CRS.EPSG3857.latLngToPoint(L.latLng(lat, lng), zoom);
    expect(pixelX(lng, zoom)).toBeCloseTo(p.x, 6);
    expect(pixelY(lat, zoom)).toBeCloseTo(p.y, 6);
  }
});
