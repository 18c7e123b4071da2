import { describe, expect, it } from 'vitest';
import { declutterLabels, estimatedWidth, leftOutLabels } from './label-declutter';
import type { SvgNode } from './svg-shapes';

const note = (x: number, y: number, text: string): SvgNode[] => [
  { tag: 'circle', attrs: { cx: x, cy: y, r: 4, fill: '#ff0000' } },
  { tag: 'text', attrs: { x: x + 8, y: y + 4, fill: '#ff0000', class: 'pc-note' }, text },
];
const labels = (groups: SvgNode[][]) =>
  groups.map((g) => g.filter((n) => n.tag === 'text').map((n) => n.text));

describe('declutterLabels', () => {
  it('keeps labels that do not touch, drops those that would cover one placed before', () => {
    const groups = [note(10, 10, 'Tumour'), note(14, 14, 'Necrosis'), note(10, 60, 'Margin')];
    expect(labels(declutterLabels(groups))).toEqual([['Tumour'], [], ['Margin']]);
    // The dot of the hidden note stays.
    expect(declutterLabels(groups)[1]).toEqual([groups[1]![0]]);
  });

  it('places the selected shape’s label first', () => {
    const groups = [note(10, 10, 'Tumour'), note(14, 14, 'Necrosis')];
    expect(labels(declutterLabels(groups, 1))).toEqual([[], ['Necrosis']]);
  });

  it('measures centred measurement labels around their anchor, Chinese wider than Latin', () => {
    const measure = (x: number, text: string): SvgNode[] => [
      { tag: 'text', attrs: { x, y: 100, 'text-anchor': 'middle' }, text },
    ];
    // 60 px apart: two short labels fit side by side, two long ones do not.
    expect(labels(declutterLabels([measure(100, '12 µm'), measure(160, '30 µm')]))).toEqual([
      ['12 µm'],
      ['30 µm'],
    ]);
    expect(
      labels(declutterLabels([measure(100, '肿瘤区域 12 µm'), measure(160, '坏死区域 30 µm')])),
    ).toEqual([['肿瘤区域 12 µm'], []]);
    expect(estimatedWidth('肿瘤')).toBeGreaterThan(estimatedWidth('ab'));
  });

  it('places notes before measurements, whatever was drawn first', () => {
    const measure: SvgNode[] = [
      { tag: 'text', attrs: { x: 40, y: 14, 'text-anchor': 'middle' }, text: '0.0342 mm²' },
    ];
    const groups = [measure, note(10, 10, 'Suspicious focus')];
    expect(labels(declutterLabels(groups))).toEqual([[], ['Suspicious focus']]);
  });

  it('places a shape its author named like a note, before a bare measurement drawn first', () => {
    const ruler: SvgNode[] = [
      { tag: 'text', attrs: { x: 40, y: 14, 'text-anchor': 'middle' }, text: '199.6 µm' },
    ];
    const named: SvgNode[] = [
      {
        tag: 'text',
        attrs: { x: 44, y: 16, 'text-anchor': 'middle', 'data-words': '1' },
        text: 'Suspicious focus · 0.0398 mm²',
      },
    ];
    expect(labels(declutterLabels([ruler, named]))).toEqual([
      [],
      ['Suspicious focus · 0.0398 mm²'],
    ]);
  });

  it('places a note before a named shape drawn first: a note is nothing but its words', () => {
    const named: SvgNode[] = [
      {
        tag: 'text',
        attrs: { x: 44, y: 16, 'text-anchor': 'middle', 'data-words': '1' },
        text: 'Tumour nest A · 0.0398 mm²',
      },
    ];
    expect(labels(declutterLabels([named, note(10, 10, 'Mitosis here')]))).toEqual([
      [],
      ['Mitosis here'],
    ]);
  });
});

describe('leftOutLabels', () => {
  it('names, by shape, the labels the declutter left out and nothing for shapes that kept theirs', () => {
    const groups = [note(10, 10, 'Tumour'), note(14, 14, 'Necrosis'), note(10, 60, 'Margin')];
    const left = leftOutLabels(groups, declutterLabels(groups));
    expect([...left]).toEqual([[1, ['Necrosis']]]);
  });

  it('is empty when every label shows', () => {
    const groups = [note(10, 10, 'Tumour'), note(10, 60, 'Margin')];
    expect(leftOutLabels(groups, declutterLabels(groups)).size).toBe(0);
  });
});
