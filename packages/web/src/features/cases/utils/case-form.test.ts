import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { patientAddSchema, type PatientDto } from '@pathconsult/shared';
import {
  caseFieldOf,
  caseToForm,
  caseToWire,
  EMPTY_CASE,
  hasFrozenHeadCount,
  type CaseFormValues,
} from './case-form';

const filled: CaseFormValues = {
  ...EMPTY_CASE,
  strPatientName: ' 张三 ',
  strDiagnosistNum: 'BL2026-001',
  iAgeYear: 45,
  iAgeMonth: 3,
  ddSex: 1,
  ddClassification: 11,
  strSamplingSite: '左乳',
  dtSampleTime: dayjs('2026-03-02T09:30:00+08:00'),
  strPhone: '13800138000',
  strFamilyPhone: '010-12345678',
  ddEmergency: 1,
  ddDiagnosticType: 2,
  iFrozenHeadNum: 3,
  ddSampleType: 2,
  strClinicalData: '发现肿块 2 月',
  strTissueDescription: '灰白组织一块',
  strInitialOpinion: '乳腺癌？',
  dtCollectedDate: dayjs('2026-03-01'),
};

describe('case form ↔ request', () => {
  it('builds a body the shared schema accepts: codes wrapped, texts trimmed, dates as text', () => {
    const body = caseToWire(filled);
    expect(body).toMatchObject({
      strPatientName: '张三',
      ddSex: { iNumber: 1 },
      ddClassification: { iNumber: 11 },
      ddSampleType: { iNumber: 2 },
      ddEmergency: { iNumber: 1 },
      ddDiagnosticType: { iNumber: 2 },
      iFrozenHeadNum: 3,
      dtSampleTime: '2026-03-02T01:30:00.000Z',
      dtCollectedDate: '2026-03-01',
      dtReceivedDate: null,
      iAgeDay: null,
    });
    expect(patientAddSchema.safeParse(body).success).toBe(true);
  });

  it('sends an empty form as empty values, never undefined (the server applies its defaults)', () => {
    const body = caseToWire({});
    expect(Object.values(body).includes(undefined as never)).toBe(false);
    expect(body.ddSex).toBeNull();
    expect(body.strDiagnosistNum).toBe('');
    expect(patientAddSchema.safeParse(body).success).toBe(true);
  });

  it('drops the frozen head count of a regular case', () => {
    expect(caseToWire({ ...filled, ddDiagnosticType: 1 }).iFrozenHeadNum).toBeNull();
    expect(caseToWire({ ...filled, ddDiagnosticType: 3 }).iFrozenHeadNum).toBe(3);
    expect([1, 2, 3].map(hasFrozenHeadCount)).toEqual([false, true, true]);
  });

  it('round-trips a saved case through the form', () => {
    const body = caseToWire(filled);
    const saved = {
      ...body,
      iPatientId: 7,
      ddPatientState: { iNumber: 0 },
      ddVariant: { iNumber: 1 },
      iHospitalId: 1,
      strHospitalName: 'H',
      owner: { iUserId: 3, strRealName: 'Dr' },
      bCollected: false,
      iClonedFromId: null,
      dtSubmitTime: null,
      dtViewTime: null,
      dtCreateTime: '2026-03-02T01:00:00.000Z',
      dtUpdateTime: '2026-03-02T01:00:00.000Z',
    } as PatientDto;
    expect(caseToWire(caseToForm(saved))).toEqual(body);
  });

  it('puts server field errors on the form fields', () => {
    expect(caseFieldOf('ddSex.iNumber')).toBe('ddSex');
    expect(caseFieldOf('age')).toBe('iAgeYear');
    expect(caseFieldOf('iAgeYear')).toBe('iAgeYear');
    expect(caseFieldOf('strOwnerTel')).toBe('strOwnerTel');
    expect(caseFieldOf('iPatientId')).toBeUndefined();
  });
});
