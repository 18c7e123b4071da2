import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { hospitalAddSchema, type HospitalDto } from '@pathconsult/shared';
import {
  EMPTY_HOSPITAL,
  hospitalFieldOf,
  hospitalToForm,
  hospitalToWire,
  mayEditHospitalField,
} from './hospital-form';

const hospital: HospitalDto = {
  iHospitalId: 4,
  strHospitalName: 'City Hospital',
  strContactName: 'Ms Li',
  strContactMobile: '13800000003',
  ddIsDiagnosis: { iNumber: 2 },
  strProvince: '',
  strCity: '',
  strAddress: '',
  strTypeLabel: '三甲',
  strInternalAddress: '10.0.0.2:8080',
  strExternalAddress: '',
  dtValidUntil: '2030-12-31',
  dTotalMemory: 500,
  dUsedMemory: 12.5,
  lUsedBytes: 12.5 * 1024 ** 3,
  strSmsSignature: '',
  bIsConsultation: true,
  bReportReview: true,
  iGroupId: 2,
  strGroupName: 'East',
  strAllowedLoginIps: '',
  iUserCount: 3,
  dtCreateTime: '2026-01-01T00:00:00.000Z',
};

describe('hospital form', () => {
  it('round-trips a hospital into a body the shared schema accepts', () => {
    const body = hospitalToWire(hospitalToForm(hospital));
    expect(body).toMatchObject({
      ddIsDiagnosis: { iNumber: 2 },
      dtValidUntil: '2030-12-31',
      iGroupId: 2,
      dTotalMemory: 500,
      bReportReview: true,
    });
    expect(hospitalAddSchema.safeParse(body).success).toBe(true);
  });

  it('sends the picked day as a calendar date and no group as null', () => {
    const body = hospitalToWire({
      ...EMPTY_HOSPITAL,
      strHospitalName: ' New ',
      strContactName: 'A',
      strContactMobile: '13800000004',
      dTotalMemory: 10,
      dtValidUntil: dayjs('2027-06-30T23:30:00'),
    });
    expect(body).toMatchObject({
      strHospitalName: 'New',
      dtValidUntil: '2027-06-30',
      iGroupId: null,
      bReportReview: false,
    });
  });

  it('lets a hospital administrator change contact, address, SMS, login addresses and review only', () => {
    for (const field of [
      'strContactName',
      'strAddress',
      'strSmsSignature',
      'strAllowedLoginIps',
      'bReportReview',
    ] as const) {
      expect(mayEditHospitalField(2, field)).toBe(true);
    }
    for (const field of [
      'strHospitalName',
      'ddIsDiagnosis',
      'dTotalMemory',
      'dtValidUntil',
      'iGroupId',
    ] as const) {
      expect(mayEditHospitalField(2, field)).toBe(false);
      expect(mayEditHospitalField(1, field)).toBe(true);
    }
    expect(mayEditHospitalField(3, 'strContactName')).toBe(false);
  });

  it('maps request field paths to form fields', () => {
    expect(hospitalFieldOf('ddIsDiagnosis.iNumber')).toBe('ddIsDiagnosis');
    expect(hospitalFieldOf('strInternalAddress')).toBe('strInternalAddress');
    expect(hospitalFieldOf('iHospitalId')).toBeUndefined();
  });
});
