import { describe, expect, it } from 'vitest';
import { defaultReportSections, REPORT_FIELDS, reportSectionsSchema } from '@pathconsult/shared';
import { moved, toEditor, toWire } from './layout-editor';

describe('the sections editor', () => {
  it('lists every field of the model: shown ones first in their order, then the rest', () => {
    const sections = defaultReportSections().map((s) =>
      s.strSection === 'patient' ? { ...s, listHumanField: ['age', 'strPatientName'] } : s,
    );
    const patient = toEditor(sections, 'human')[0]!;
    expect(patient.fields.slice(0, 2)).toEqual([
      { key: 'age', visible: true },
      { key: 'strPatientName', visible: true },
    ]);
    expect(patient.fields.map((f) => f.key).sort()).toEqual(
      [...REPORT_FIELDS.patient.human].sort(),
    );
    expect(patient.fields.slice(2).every((f) => !f.visible)).toBe(true);
  });

  it('gives back what it was given, and keeps the other model’s fields untouched', () => {
    const sections = defaultReportSections();
    for (const variant of ['human', 'veterinary'] as const) {
      expect(toWire(toEditor(sections, variant), variant)).toEqual(sections);
    }
  });

  it('writes ticks, moves and hidden sections into a form the server accepts', () => {
    const editor = toEditor(defaultReportSections(), 'veterinary');
    const patient = editor[0]!;
    patient.fields = moved(patient.fields, patient.fields.length - 1, -1).map((f) =>
      f.key === 'strOwnerTel' ? { ...f, visible: true } : f,
    );
    const clinical = editor[1]!;
    clinical.visible = false;
    const wire = toWire(moved(editor, 4, -1), 'veterinary');
    expect(wire.map((s) => s.strSection)).toEqual([
      'patient',
      'clinical',
      'specimen',
      'diagnosis',
      'findings',
      'screenshots',
      'signature',
    ]);
    expect(wire[0]?.listVeterinaryField).toContain('strOwnerTel');
    expect(wire[0]?.listHumanField).toEqual(defaultReportSections()[0]?.listHumanField);
    expect(wire[1]?.bVisible).toBe(false);
    expect(reportSectionsSchema.safeParse(wire).success).toBe(true);
  });

  it('never hides a required section', () => {
    const editor = toEditor(defaultReportSections(), 'human').map((s) => ({
      ...s,
      visible: false,
    }));
    const diagnosis = toWire(editor, 'human').find((s) => s.strSection === 'diagnosis');
    expect(diagnosis?.bVisible).toBe(true);
  });

  it('moves an item one place, and nothing past the ends', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
