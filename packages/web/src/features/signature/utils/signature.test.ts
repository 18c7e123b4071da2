import { describe, expect, it } from 'vitest';
import { dataUrlByteLength, signatureDataUrlProblem, signatureFileProblem } from './signature';

describe('signature file checks', () => {
  it('accepts a PNG up to 100 KB', () => {
    expect(signatureFileProblem({ type: 'image/png', name: 'a.png', size: 100 * 1024 })).toBe(null);
    expect(signatureFileProblem({ type: '', name: 'SIGN.PNG', size: 10 })).toBe(null);
  });

  it('refuses other types, whatever the name, and larger files', () => {
    expect(signatureFileProblem({ type: 'image/jpeg', name: 'a.png', size: 10 })).toBe('format');
    expect(signatureFileProblem({ type: '', name: 'a.jpg', size: 10 })).toBe('format');
    expect(signatureFileProblem({ type: 'image/png', name: 'a.png', size: 100 * 1024 + 1 })).toBe(
      'size',
    );
  });

  it('measures the bytes of a data URL', () => {
    const bytes = (n: number) => `data:image/png;base64,${btoa('\0'.repeat(n))}`;
    for (const n of [0, 1, 2, 3, 4, 5, 1000]) {
      expect(dataUrlByteLength(bytes(n))).toBe(n);
    }
    expect(signatureDataUrlProblem(bytes(100 * 1024))).toBe(null);
    expect(signatureDataUrlProblem(bytes(100 * 1024 + 1))).toBe('size');
    expect(signatureDataUrlProblem('data:image/jpeg;base64,AAAA')).toBe('format');
  });
});
