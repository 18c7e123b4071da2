import { describe, expect, it } from 'vitest';
import { navigatorSize } from './navigator-size';

const phone = { width: 390, height: 640 };
const desktop = { width: 1200, height: 700 };
const portraitSlide = { width: 2220, height: 2967 };

describe('navigatorSize', () => {
  it("takes the slide's shape with the area OpenSeadragon gives the map", () => {
    const size = navigatorSize(desktop, portraitSlide, 0, 0.2)!;
    expect(size.width / size.height).toBeCloseTo(2220 / 2967, 2);
    // Within the rounding of each side to whole pixels.
    expect((size.width * size.height) / (0.04 * 1200 * 700)).toBeCloseTo(1, 1);
  });
  it('turns with the view', () => {
    const upright = navigatorSize(phone, portraitSlide, 0, 0.2)!;
    const turned = navigatorSize(phone, portraitSlide, 90, 0.2)!;
    expect(turned).toEqual({ width: upright.height, height: upright.width });
    expect(navigatorSize(phone, portraitSlide, 180, 0.2)).toEqual(upright);
    expect(navigatorSize(phone, portraitSlide, 270, 0.2)).toEqual(turned);
  });
  it('reaches at most a third of the view across and down', () => {
    // A long strip of tissue: its map would be 470 px wide at the area alone.
    const strip = navigatorSize(phone, { width: 40_000, height: 2_000 }, 0, 0.2)!;
    expect(strip.width).toBe(130);
    expect(strip.height).toBe(7);
    const tall = navigatorSize(desktop, { width: 2_000, height: 40_000 }, 0, 0.2)!;
    expect(tall.height).toBe(233);
  });
  it('follows the share given (a smaller map for panes side by side)', () => {
    const single = navigatorSize(desktop, portraitSlide, 0, 0.2)!;
    const pane = navigatorSize(desktop, portraitSlide, 0, 0.1)!;
    expect(pane.width).toBeCloseTo(single.width / 2, -1);
  });
  it('gives nothing for a view or slide without a size yet', () => {
    expect(navigatorSize({ width: 0, height: 0 }, portraitSlide, 0, 0.2)).toBeNull();
    expect(navigatorSize(phone, { width: 0, height: 10 }, 0, 0.2)).toBeNull();
  });
});
