import { describe, expect, it } from '@jest/globals';
import { FODMAP_CUTOFFS, rateServing, UNMEASURED_COMPONENTS, type FodmapComponents } from './fodmap-rating';

const none: FodmapComponents = {
  fructans: 0,
  galactans: 0,
  excessFructose: 0,
  sorbitol: 0,
  mannitol: 0,
  xylitol: 0,
  lactose: 0,
};
const unknown: FodmapComponents = { ...UNMEASURED_COMPONENTS };

describe('FODMAP_CUTOFFS (Varney 2017)', () => {
  it('holds the published per-serving values', () => {
    expect(FODMAP_CUTOFFS).toEqual({
      oligosaccharidesGrainLegumeNut: 0.3,
      oligosaccharidesOther: 0.2,
      excessFructose: 0.15,
      excessFructoseOnly: 0.4,
      sorbitol: 0.2,
      mannitol: 0.2,
      totalPolyols: 0.4,
      lactose: 1.0,
    });
  });
});

describe('rateServing', () => {
  it('rates a food with no FODMAPs as low', () => {
    const r = rateServing(none, 100, 'other');
    expect(r.rating).toBe('low');
    expect(r.exceeded).toEqual([]);
    expect(r.unknownGroups).toEqual([]);
  });

  it('treats exactly the cut-off as low and just above as medium', () => {
    expect(rateServing({ ...none, lactose: 1 }, 100, 'other').rating).toBe('low');
    const r = rateServing({ ...none, lactose: 1.01 }, 100, 'other');
    expect(r.rating).toBe('medium');
    expect(r.exceeded).toEqual(['lactose']);
  });

  it('rates above twice the cut-off as high', () => {
    expect(rateServing({ ...none, lactose: 2 }, 100, 'other').rating).toBe('medium');
    expect(rateServing({ ...none, lactose: 2.01 }, 100, 'other').rating).toBe('high');
    // cow's milk: about 4.8 g lactose / 100 g, one cup 244 g
    expect(rateServing({ ...none, lactose: 4.8 }, 244, 'other').rating).toBe('high');
  });

  it('scales by serving size', () => {
    const c = { ...none, fructans: 0.3 };
    expect(rateServing(c, 60, 'other').rating).toBe('low'); // 0.18 g
    expect(rateServing(c, 100, 'other').rating).toBe('medium'); // 0.30 g
    expect(rateServing(c, 200, 'other').rating).toBe('high'); // 0.60 g
  });

  it('uses the higher oligosaccharide cut-off for grains, legumes, nuts and seeds', () => {
    const c = { ...none, fructans: 0.25 };
    expect(rateServing(c, 100, 'other').rating).toBe('medium');
    expect(rateServing(c, 100, 'grain_legume_nut').rating).toBe('low');
  });

  it('adds fructans and galactans into one oligosaccharide group', () => {
    const r = rateServing({ ...none, fructans: 0.15, galactans: 0.15 }, 100, 'grain_legume_nut');
    expect(r.rating).toBe('low');
    const r2 = rateServing({ ...none, fructans: 0.2, galactans: 0.2 }, 100, 'grain_legume_nut');
    expect(r2.rating).toBe('medium');
    expect(r2.exceeded).toEqual(['oligosaccharides']);
  });

  it('allows 0.4 g excess fructose only when it is the only FODMAP', () => {
    const only = { ...none, excessFructose: 0.3 };
    expect(rateServing(only, 100, 'other').rating).toBe('low');
    const withSorbitol = { ...none, excessFructose: 0.3, sorbitol: 0.05 };
    expect(rateServing(withSorbitol, 100, 'other').rating).toBe('medium');
    // other groups unknown: the 0.15 g cut-off applies and nothing is proven below high
    expect(rateServing({ ...unknown, excessFructose: 0.3 }, 100, 'other').rating).toBe('unknown');
  });

  it('checks sorbitol, mannitol and their total separately', () => {
    expect(rateServing({ ...none, sorbitol: 0.2, mannitol: 0.2 }, 100, 'other').rating).toBe('low');
    const r = rateServing({ ...none, sorbitol: 0.2, mannitol: 0.2, xylitol: 0.1 }, 100, 'other');
    expect(r.rating).toBe('medium');
    expect(r.exceeded).toEqual(['totalPolyols']);
    expect(rateServing({ ...none, mannitol: 0.5 }, 100, 'other').rating).toBe('high');
  });

  it('returns unknown when nothing is known', () => {
    const r = rateServing(unknown, 100, 'other');
    expect(r.rating).toBe('unknown');
    expect(r.unknownGroups.length).toBe(6);
  });

  it('returns unknown, not low, when measured values are low but some groups are unknown', () => {
    const r = rateServing({ ...unknown, fructans: 0.05, galactans: 0, excessFructose: 0 }, 100, 'other');
    expect(r.rating).toBe('unknown');
    expect(r.unknownGroups).toEqual(['sorbitol', 'mannitol', 'totalPolyols', 'lactose']);
  });

  it('still concludes high from a known lower bound with unknown groups', () => {
    // apple-like: excess fructose 3 g/100 g, other groups not measured
    const r = rateServing({ ...unknown, excessFructose: 3 }, 182, 'other');
    expect(r.rating).toBe('high');
    expect(r.exceeded).toContain('excessFructose');
    // fructans known, galactans unknown: the partial sum is a lower bound
    const r2 = rateServing({ ...unknown, fructans: 2 }, 100, 'other');
    expect(r2.rating).toBe('high');
  });

  it('does not conclude medium while a group is unknown, but reports the proven minimum', () => {
    const r = rateServing({ ...unknown, excessFructose: 0.25 }, 100, 'other');
    expect(r.exceeded).toEqual(['excessFructose']);
    expect(r.rating).toBe('unknown');
    expect(r.minimumRating).toBe('medium');
    expect(rateServing({ ...unknown, fructans: 0.05 }, 100, 'other').minimumRating).toBe('low');
    expect(rateServing({ ...unknown, fructans: 2 }, 100, 'other').minimumRating).toBe('high');
  });

  it('minimumRating equals rating whenever the rating is decided', () => {
    for (const lactose of [0, 0.5, 1.5, 3]) {
      const r = rateServing({ ...none, lactose }, 100, 'other');
      expect(r.minimumRating).toBe(r.rating);
    }
  });

  it('rejects a non-positive serving', () => {
    expect(() => rateServing(none, 0, 'other')).toThrow();
  });
});
