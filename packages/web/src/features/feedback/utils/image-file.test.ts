import { describe, expect, it } from 'vitest';
import { FEEDBACK_IMAGE_MAX_BYTES } from '@pathconsult/shared';
import { feedbackImageProblem } from './image-file';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xdb];

function file(head: number[], size: number, type = 'image/png'): Blob {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new Blob([bytes], { type });
}

describe('feedback image check', () => {
  it('takes PNG and JPEG up to 100 K (102,400 bytes)', async () => {
    expect(await feedbackImageProblem(file(PNG, 100))).toBeNull();
    expect(
      await feedbackImageProblem(file(JPEG, FEEDBACK_IMAGE_MAX_BYTES, 'image/jpeg')),
    ).toBeNull();
  });

  it('refuses one byte more than 100 K', async () => {
    expect(await feedbackImageProblem(file(PNG, FEEDBACK_IMAGE_MAX_BYTES + 1))).toBe(
      'FEEDBACK_IMAGE_TOO_LARGE',
    );
  });

  it('judges by the bytes, not the declared type', async () => {
    const gif = [...new TextEncoder().encode('GIF89a')];
    expect(await feedbackImageProblem(file(gif, 100, 'image/png'))).toBe('FEEDBACK_IMAGE_FORMAT');
    expect(await feedbackImageProblem(file(PNG, 100, 'image/gif'))).toBeNull();
    expect(await feedbackImageProblem(new Blob([]))).toBe('FEEDBACK_IMAGE_FORMAT');
  });

  it('names the format first when a file is both too large and not an image', async () => {
    expect(await feedbackImageProblem(file([1, 2, 3], FEEDBACK_IMAGE_MAX_BYTES * 2))).toBe(
      'FEEDBACK_IMAGE_FORMAT',
    );
  });
});
