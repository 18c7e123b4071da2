import { describe, expect, it } from 'vitest';
import {
  defaultReportSections,
  normalizeReportSections,
  reportLogoSchema,
  reportTemplateSaveSchema,
  ReportTemplateLimits,
} from './report-template';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];

/** A data URL of `size` bytes starting with `head` (only the head and size matter here). */
function dataUrl(type: string, head: number[], size: number): string {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  let binary = '';
  for (const b of bytes) {
    binary += String.fromCharCode(b);
  }
  return `data:image/${type};base64,${btoa(binary)}`;
}

const form = (listSection: unknown[], extra: Record<string, unknown> = {}) => ({
  strTitle: '病理会诊报告',
  strFooter: '',
  strLogo: null,
  listSection,
  ...extra,
});

const messages = (value: unknown) => {
  const result = reportTemplateSaveSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('report form schema', () => {
  it('accepts the default form', () => {
    expect(messages(form(defaultReportSections()))).toEqual([]);
  });

  it('refuses a missing, repeated or unknown section', () => {
    const sections = defaultReportSections();
    expect(messages(form(sections.slice(1)))).toContain('validation.reportTemplate.layout');
    expect(messages(form([...sections.slice(1), sections[1]!]))).toContain(
      'validation.reportTemplate.layout',
    );
    expect(
      messages(form([{ ...sections[0]!, strSection: 'billing' }, ...sections.slice(1)])),
    ).toContain('validation.reportTemplate.layout');
  });

  it('refuses fields the section does not offer for the model, and repeated fields', () => {
    const sections = defaultReportSections();
    const patient = sections[0]!;
    // Species is a veterinary field.
    const human = { ...patient, listHumanField: ['strPatientName', 'strSpecies'] };
    expect(messages(form([human, ...sections.slice(1)]))).toContain(
      'validation.reportTemplate.layout',
    );
    const twice = { ...patient, listHumanField: ['age', 'age'] };
    expect(messages(form([twice, ...sections.slice(1)]))).toContain(
      'validation.reportTemplate.layout',
    );
    const diagnosis = sections.find((s) => s.strSection === 'diagnosis')!;
    const withFields = { ...diagnosis, listHumanField: ['age'] };
    expect(
      messages(form(sections.map((s) => (s.strSection === 'diagnosis' ? withFields : s)))),
    ).toContain('validation.reportTemplate.layout');
  });

  it('keeps the diagnosis shown; any other section may be hidden', () => {
    const hide = (key: string) =>
      defaultReportSections().map((s) => (s.strSection === key ? { ...s, bVisible: false } : s));
    expect(messages(form(hide('diagnosis')))).toEqual([
      'validation.reportTemplate.diagnosisHidden',
    ]);
    for (const key of ['patient', 'clinical', 'specimen', 'findings', 'screenshots', 'signature']) {
      expect(messages(form(hide(key))), key).toEqual([]);
    }
  });

  it('limits title and footer', () => {
    const sections = defaultReportSections();
    expect(messages(form(sections, { strTitle: '  ' }))).toEqual(['validation.required']);
    expect(messages(form(sections, { strTitle: 'x'.repeat(65) }))).toEqual(['validation.tooLong']);
    expect(messages(form(sections, { strTitle: 'x'.repeat(64) }))).toEqual([]);
    expect(messages(form(sections, { strFooter: 'y'.repeat(201) }))).toEqual([
      'validation.tooLong',
    ]);
  });
});

describe('report logo', () => {
  const problem = (value: string) => {
    const result = reportLogoSchema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('takes a PNG or JPEG data URL up to 200 KB', () => {
    expect(problem(dataUrl('png', PNG_HEAD, 1000))).toBeNull();
    expect(problem(dataUrl('jpeg', JPEG_HEAD, ReportTemplateLimits.logoMaxBytes))).toBeNull();
  });

  it('refuses a larger picture', () => {
    expect(problem(dataUrl('png', PNG_HEAD, ReportTemplateLimits.logoMaxBytes + 1))).toBe(
      'validation.reportTemplate.logoTooLarge',
    );
  });

  it('refuses other types and pictures whose bytes are not what the type says', () => {
    expect(problem(dataUrl('gif', [0x47, 0x49, 0x46, 0x38], 100))).toBe(
      'validation.reportTemplate.logoFormat',
    );
    expect(problem(dataUrl('png', JPEG_HEAD, 100))).toBe('validation.reportTemplate.logoFormat');
    expect(problem('https://example.com/logo.png')).toBe('validation.reportTemplate.logoFormat');
    expect(problem('data:image/png;base64,***')).toBe('validation.reportTemplate.logoFormat');
  });
});

describe('stored forms read by the current rules', () => {
  it('drops what no longer exists and appends sections added since', () => {
    const stored = {
      listSection: [
        { strSection: 'diagnosis', bVisible: false, listHumanField: [], listVeterinaryField: [] },
        {
          strSection: 'patient',
          bVisible: true,
          listHumanField: ['age', 'strRetiredField', 'age'],
          listVeterinaryField: [],
        },
        { strSection: 'retiredSection', bVisible: true },
      ],
    };
    const sections = normalizeReportSections(stored);
    expect(sections.map((s) => s.strSection)).toEqual([
      'diagnosis',
      'patient',
      'clinical',
      'specimen',
      'findings',
      'screenshots',
      'signature',
    ]);
    expect(sections[0]?.bVisible).toBe(true);
    expect(sections[1]?.listHumanField).toEqual(['age']);
    expect(messages(form(sections))).toEqual([]);
  });

  it('gives the default form for anything unreadable', () => {
    expect(normalizeReportSections(null)).toEqual(defaultReportSections());
  });
});
