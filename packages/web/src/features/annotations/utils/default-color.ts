import { RoleType, type RoleTypeCode } from '@pathconsult/shared';

/*
 * The colour a new annotation starts with. The referring doctor's and the expert's marks differ
 * at a glance on the same slide (blue and green both stand out on H&E's pinks and purples);
 * administrators, who rarely draw, keep red. A colour the user picks is remembered for them in
 * this browser and wins over the role's.
 */

const ROLE_COLORS: Record<RoleTypeCode, string> = {
  [RoleType.PlatformAdmin]: '#e5002b',
  [RoleType.HospitalAdmin]: '#e5002b',
  [RoleType.Doctor]: '#1f5cff',
  [RoleType.Expert]: '#00a651',
};
const FALLBACK = '#e5002b';

/**
 * The swatches offered in the colour pickers: the roles' colours first, then colours that stand
 * out on H&E and on pale or dark stains, so a colour is one click rather than a trip through the
 * spectrum. Each has a name, read out for it (tools.colorNames).
 */
export const MARKER_COLORS = [
  { hex: '#1f5cff', name: 'blue' },
  { hex: '#00a651', name: 'green' },
  { hex: '#e5002b', name: 'red' },
  { hex: '#ffd400', name: 'yellow' },
  { hex: '#ff7a00', name: 'orange' },
  { hex: '#8b3dff', name: 'purple' },
  { hex: '#00c2d1', name: 'cyan' },
  { hex: '#000000', name: 'black' },
  { hex: '#ffffff', name: 'white' },
] as const;

const storageKey = (userId: number) => `annotationColor.${userId}`;

export function roleAnnotationColor(role: RoleTypeCode | null): string {
  return role === null ? FALLBACK : ROLE_COLORS[role];
}

/** The remembered colour of this user, when it is a valid #rrggbb. */
export function rememberedAnnotationColor(userId: number | null, storage: Storage): string | null {
  if (userId === null) {
    return null;
  }
  const value = storage.getItem(storageKey(userId));
  return value && /^#[0-9a-f]{6}$/i.test(value) ? value : null;
}

export function rememberAnnotationColor(userId: number | null, color: string, storage: Storage) {
  if (userId !== null) {
    storage.setItem(storageKey(userId), color);
  }
}

export function initialAnnotationColor(
  userId: number | null,
  role: RoleTypeCode | null,
  storage: Storage,
): string {
  return rememberedAnnotationColor(userId, storage) ?? roleAnnotationColor(role);
}
