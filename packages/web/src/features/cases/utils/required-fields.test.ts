import { describe, expect, it, vi } from 'vitest';
import { messages, REQUIRED_PATIENT_FIELDS } from '@pathconsult/shared';

vi.mock('@/lib/i18n', () => ({ currentLang: () => 'en' }));

const { EMPTY_CASE } = await import('./case-form');
const { caseVariantOf, missingCaseFields, requiredCaseFields, requiredCaseRule } =
  await import('./required-fields');

describe('required case fields per variant', () => {
  it('human: the fields of spec §5, age under the years, each with its own message', () => {
    const required = requiredCaseFields(1, false);
    expect(required).toEqual({
      strPatientName: 'validation.case.name',
      strDiagnosistNum: 'validation.case.diagnosisNum',
      iAgeYear: 'validation.case.age',
      ddSex: 'validation.case.sex',
      ddClassification: 'validation.case.classification',
      strSamplingSite: 'validation.case.samplingSite',
      ddSampleType: 'validation.case.sampleType',
      strClinicalData: 'validation.case.clinicalData',
      strInitialOpinion: 'validation.case.initialOpinion',
      strTissueDescription: 'validation.case.tissueDescription',
      strPhone: 'validation.case.phone',
    });
    expect(new Set(Object.values(required)).size).toBe(Object.keys(required).length);
  });

  it('veterinary: pet name, species, sample description, collected date, owner phone', () => {
    const required = requiredCaseFields(2, false);
    expect(Object.keys(required)).toEqual([
      'strPatientName',
      'strDiagnosistNum',
      'iAgeYear',
      'ddSex',
      'strSpecies',
      'strSampleDesc',
      'dtCollectedDate',
      'strOwnerTel',
    ]);
    expect(required.strPatientName).toBe('validation.case.petName');
    expect(required.ddClassification).toBeUndefined();
  });

  it('the number is optional when the hospital numbering rule gives the next one', () => {
    expect(requiredCaseFields(1, true).strDiagnosistNum).toBeUndefined();
    expect(Object.keys(requiredCaseFields(1, true))).toHaveLength(
      Object.keys(REQUIRED_PATIENT_FIELDS.human).length - 1,
    );
  });

  it('an empty form lacks every required field; blanks count as empty', () => {
    const required = requiredCaseFields(1, false);
    const missing = missingCaseFields({ ...EMPTY_CASE, strPatientName: '   ' }, required);
    expect(missing.map((m) => m.field)).toEqual(Object.keys(required));
  });

  it('any one part of the age is enough (an infant of 3 months)', () => {
    const required = requiredCaseFields(1, false);
    const fields = (values: object) =>
      missingCaseFields({ ...EMPTY_CASE, ...values }, required).map((m) => m.field);
    expect(fields({ iAgeMonth: 3 })).not.toContain('iAgeYear');
    expect(fields({ iAgeDay: 10 })).not.toContain('iAgeYear');
    expect(fields({})).toContain('iAgeYear');
  });

  it('the form rule says the field’s own message', async () => {
    const values = { ...EMPTY_CASE, strSpecies: '' };
    const rule = requiredCaseRule('strSpecies', 'validation.case.species') as (form: {
      getFieldsValue: (all: true) => unknown;
    }) => { validator: () => Promise<void> };
    const check = rule({ getFieldsValue: () => values }).validator();
    await expect(check).rejects.toThrow(messages.en['validation.case.species']);
    values.strSpecies = 'Canine';
    await expect(
      (rule({ getFieldsValue: () => values }).validator as () => Promise<void>)(),
    ).resolves.toBeUndefined();
  });

  it('reads the deployment variant, human when the configuration does not say', () => {
    expect(caseVariantOf({ caseVariant: 2 })).toBe(2);
    expect(caseVariantOf({ caseVariant: 1 })).toBe(1);
    expect(caseVariantOf({})).toBe(1);
    expect(caseVariantOf(undefined)).toBe(1);
  });
});
