import { RoleType } from '@pathconsult/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  initialAnnotationColor,
  rememberAnnotationColor,
  roleAnnotationColor,
} from './default-color';
import { memoryStorage } from '@/test-support/memory-storage';

describe('the colour a new annotation starts with', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
  });

  it('differs between the referring doctor and the expert', () => {
    expect(roleAnnotationColor(RoleType.Doctor)).not.toBe(roleAnnotationColor(RoleType.Expert));
    expect(initialAnnotationColor(7, RoleType.Expert, storage)).toBe(
      roleAnnotationColor(RoleType.Expert),
    );
  });

  it('is the colour the user picked last, for that user only', () => {
    rememberAnnotationColor(7, '#123456', storage);
    expect(initialAnnotationColor(7, RoleType.Doctor, storage)).toBe('#123456');
    expect(initialAnnotationColor(8, RoleType.Doctor, storage)).toBe(
      roleAnnotationColor(RoleType.Doctor),
    );
  });

  it('ignores a stored value that is not a colour', () => {
    storage.setItem('annotationColor.7', 'url(javascript:1)');
    expect(initialAnnotationColor(7, RoleType.Doctor, storage)).toBe(
      roleAnnotationColor(RoleType.Doctor),
    );
  });
});
