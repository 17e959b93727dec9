import * as L from 'leaflet';
import { absoluteTemplate, type TileSource } from './config';

// Inverted and turned back to the original hues: dark land, light roads, colours kept.
const DARK_FILTER = 'invert(1) hue-rotate(180deg) brightness(0.95) contrast(0.9)';

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The base layer and, when the source has one, its label layer. Attribution is plain text from
 * the server; Leaflet would render it as HTML, so it is escaped.
 */
export function tileLayersFor(source: TileSource, configUrl: string, base: string = document.baseURI): L.TileLayer[] {
  const options: L.TileLayerOptions = {
    maxZoom: source.maxZoom,
    ...(source.subdomains ? { subdomains: source.subdomains } : {}),
  };
  const layers = [L.tileLayer(absoluteTemplate(source.url, configUrl, base), { ...options, attribution: escapeHtml(source.attribution) })];
  if (source.overlay) layers.push(L.tileLayer(absoluteTemplate(source.overlay, configUrl, base), options));
  if (source.dark) {
    for (const layer of layers) {
      layer.on('add', () => {
        const container = layer.getContainer();
        if (container) container.style.filter = DARK_FILTER;
      });
    }
  }
  return layers;
}
