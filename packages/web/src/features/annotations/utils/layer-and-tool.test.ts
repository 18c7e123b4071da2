import { describe, expect, it } from 'vitest';
import { layerShownWithTool, toolWithLayer } from './layer-and-tool';

describe('the annotation layer hidden and the drawing tools', () => {
  it('puts a drawing tool down when the layer is hidden, and keeps it while shown', () => {
    expect(toolWithLayer('rectangle', false)).toBe('select');
    expect(toolWithLayer('select', false)).toBe('select');
    expect(toolWithLayer('polygon', true)).toBe('polygon');
  });

  it('shows the layer again when a drawing tool is picked, not for the select tool', () => {
    expect(layerShownWithTool('line', false)).toBe(true);
    expect(layerShownWithTool('select', false)).toBe(false);
    expect(layerShownWithTool('select', true)).toBe(true);
  });
});
