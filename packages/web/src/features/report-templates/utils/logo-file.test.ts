import { describe, expect, it } from 'vitest';
import { ReportTemplateLimits } from '@pathconsult/shared';
import { logoProblem } from './logo-file';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (head: number[], size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new Blob([bytes]);
};

describe('logo file check', () => {
  it('takes a PNG or JPEG up to 200 KB', async () => {
    expect(await logoProblem(file(PNG, ReportTemplateLimits.logoMaxBytes))).toBeNull();
    expect(await logoProblem(file([0xff, 0xd8, 0xff], 1000))).toBeNull();
  });

  it('says why it refuses another kind or a larger file', async () => {
    expect(await logoProblem(file([0x47, 0x49, 0x46, 0x38], 100))).toBe(
      'validation.reportTemplate.logoFormat',
    );
    expect(await logoProblem(file(PNG, ReportTemplateLimits.logoMaxBytes + 1))).toBe(
      'validation.reportTemplate.logoTooLarge',
    );
  });
});
