import { describe, expect, it } from 'vitest';
import { CaseVariant, patientFieldsSchema } from '@pathconsult/shared';
import { formatAge } from './dto';
import { fieldsForVariant, missingRequiredFields } from './required-fields';

const empty = patientFieldsSchema.parse({});

describe('required fields of a case', () => {
  it('lists every human required field of an empty form, in form order, age under iAgeYear', () => {
    expect(missingRequiredFields(empty, CaseVariant.Human)).toEqual([
      { field: 'strPatientName', key: 'validation.case.name' },
      { field: 'strDiagnosistNum', key: 'validation.case.diagnosisNum' },
      { field: 'iAgeYear', key: 'validation.case.age' },
      { field: 'ddSex', key: 'validation.case.sex' },
      { field: 'ddClassification', key: 'validation.case.classification' },
      { field: 'strSamplingSite', key: 'validation.case.samplingSite' },
      { field: 'ddSampleType', key: 'validation.case.sampleType' },
      { field: 'strClinicalData', key: 'validation.case.clinicalData' },
      { field: 'strInitialOpinion', key: 'validation.case.initialOpinion' },
      { field: 'strTissueDescription', key: 'validation.case.tissueDescription' },
      { field: 'strPhone', key: 'validation.case.phone' },
    ]);
  });

  it('lists the veterinary ones for the veterinary variant', () => {
    expect(missingRequiredFields(empty, CaseVariant.Veterinary).map((m) => m.field)).toEqual([
      'strPatientName',
      'strDiagnosistNum',
      'iAgeYear',
      'ddSex',
      'strSpecies',
      'strSampleDesc',
      'dtCollectedDate',
      'strOwnerTel',
    ]);
  });

  it('takes any one of years, months or days as the age', () => {
    for (const age of [{ iAgeYear: 40 }, { iAgeMonth: 3 }, { iAgeDay: 12 }]) {
      const f = patientFieldsSchema.parse(age);
      expect(missingRequiredFields(f, CaseVariant.Human).map((m) => m.field)).not.toContain(
        'iAgeYear',
      );
    }
  });

  it('drops veterinary fields from a human case and keeps them on a veterinary one', () => {
    const f = patientFieldsSchema.parse({
      strSpecies: '犬',
      strOwnerTel: '13800000000',
      dtCollectedDate: '2026-01-02',
      strClinicalData: '肿物',
    });
    expect(fieldsForVariant(f, CaseVariant.Human)).toMatchObject({
      strSpecies: '',
      strOwnerTel: '',
      dtCollectedDate: null,
      strClinicalData: '肿物',
    });
    expect(fieldsForVariant(f, CaseVariant.Veterinary)).toEqual(f);
  });
});

describe('age as lists show it', () => {
  it('joins the parts entered, in the caller’s language', () => {
    expect(formatAge(45, null, null, 'zh')).toBe('45岁');
    expect(formatAge(null, 3, 12, 'zh')).toBe('3月12天');
    expect(formatAge(null, 3, 12, 'en')).toBe('3 mo 12 d');
    expect(formatAge(null, null, null, 'en')).toBe('');
  });
});
