import { wallLayerOptions } from './wallOptions';

describe('wallLayerOptions', () => {
  it('draws a 4K wall map at half resolution and a smaller one at full, never beyond the view', () => {
    expect(wallLayerOptions(3000)).toEqual({ padding: 0, resolution: 0.5 });
    expect(wallLayerOptions(2560)).toEqual({ padding: 0, resolution: 1 });
    expect(wallLayerOptions(1100)).toEqual({ padding: 0, resolution: 1 });
  });
});
