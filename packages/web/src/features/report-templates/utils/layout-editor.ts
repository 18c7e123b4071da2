import {
  isFieldSection,
  REPORT_REQUIRED_SECTIONS,
  reportFieldsOf,
  type ReportFieldKey,
  type ReportSection,
  type ReportSectionKey,
  type ReportVariantName,
} from '@pathconsult/shared';

/*
 * The sections list as the screen edits it. The wire form keeps only the shown fields of a
 * section, per case model; the screen lists every field of the deployment's model (shown ones
 * first, in their order, then the others in their natural order) so that any can be ticked and
 * moved. The other model's list travels through untouched.
 */

export interface EditorField {
  key: ReportFieldKey;
  visible: boolean;
}

export interface EditorSection {
  key: ReportSectionKey;
  visible: boolean;
  /** Required sections cannot be hidden (the diagnosis). */
  required: boolean;
  /** Every field of the section for the edited model; empty for sections without fields. */
  fields: EditorField[];
  /** The other model's shown fields, kept as they were. */
  otherFields: string[];
}

const LISTS = { human: 'listHumanField', veterinary: 'listVeterinaryField' } as const;
const other = (variant: ReportVariantName): ReportVariantName =>
  variant === 'human' ? 'veterinary' : 'human';

export function toEditor(sections: ReportSection[], variant: ReportVariantName): EditorSection[] {
  return sections.map((section) => {
    const key = section.strSection;
    const shown = section[LISTS[variant]];
    const all: readonly ReportFieldKey[] = isFieldSection(key) ? reportFieldsOf(key, variant) : [];
    const fields: EditorField[] = [
      ...shown
        .filter((f): f is ReportFieldKey => (all as readonly string[]).includes(f))
        .map((f) => ({ key: f, visible: true })),
      ...all.filter((f) => !shown.includes(f)).map((f) => ({ key: f, visible: false })),
    ];
    return {
      key,
      visible: section.bVisible,
      required: REPORT_REQUIRED_SECTIONS.includes(key),
      fields,
      otherFields: [...section[LISTS[other(variant)]]],
    };
  });
}

export function toWire(sections: EditorSection[], variant: ReportVariantName): ReportSection[] {
  return sections.map((s) => {
    const shown = s.fields.filter((f) => f.visible).map((f) => f.key);
    return {
      strSection: s.key,
      bVisible: s.visible || s.required,
      [LISTS[variant]]: shown,
      [LISTS[other(variant)]]: s.otherFields,
    } as ReportSection;
  });
}

/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moved<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) {
    return [...list];
  }
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}
