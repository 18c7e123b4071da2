import {
  CaseVariant,
  type HospitalOption,
  type Lang,
  type ReportTemplateContent,
  type ReportTemplateDto,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { getConfig } from '../config/service';
import { findHospital } from '../hospitals/repo';
import { hospitalOptions } from '../hospitals/service';
import type { ReportDocument, ReportLayout } from '../reports/report-document';
import { renderReportPdf } from '../reports/render-report-pdf';
import type { HospitalScope } from '../tenancy/scope';
import { toReportLayout, toTemplateDto, toTemplateValues, type TemplateHospital } from './dto';
import { assertLogoDecodes } from './logo';
import * as repo from './repo';
import { sampleReportDocument } from './sample-report';

/*
 * Report forms, one per hospital (spec /ReportOnline, reportFile/*). A form is a setting of the
 * hospital kept by its administrators: hospital administrators their own hospital's, platform
 * administrators any hospital's (they name it; they belong to none).
 */

/** The hospital named, or the caller's own; 404 when missing or outside the scope. */
async function hospitalOf(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  hospitalId: number | undefined,
): Promise<TemplateHospital> {
  const id = hospitalId ?? actor.hospitalId;
  const hospital = id == null ? undefined : await findHospital(db, scope, id);
  if (!hospital) {
    throw notFound();
  }
  return { id: hospital.id, name: hospital.name };
}

/** The hospital's form, or the default one when it has saved none. */
export async function getTemplate(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  hospitalId: number | undefined,
  lang: Lang,
): Promise<ReportTemplateDto> {
  const hospital = await hospitalOf(db, scope, actor, hospitalId);
  return toTemplateDto(hospital, await repo.findTemplate(db, hospital.id), lang);
}

/** Saves the hospital's form whole (reportFile/add and reportFile/update). */
export async function saveTemplate(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  input: ReportTemplateContent & { iHospitalId?: number },
  now: Date,
  lang: Lang,
): Promise<ReportTemplateDto> {
  const hospital = await hospitalOf(db, scope, actor, input.iHospitalId);
  if (input.strLogo) {
    await assertLogoDecodes(input.strLogo, lang);
  }
  const row = await repo.writeTemplate(db, hospital.id, toTemplateValues(input, actor.userId), now);
  return toTemplateDto(hospital, row, lang);
}

/** Drops the hospital's form: its reports print with the default one again. */
export async function deleteTemplate(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  hospitalId: number | undefined,
  lang: Lang,
): Promise<ReportTemplateDto> {
  const hospital = await hospitalOf(db, scope, actor, hospitalId);
  await repo.deleteTemplate(db, hospital.id);
  return toTemplateDto(hospital, undefined, lang);
}

export interface PreviewRequest {
  iHospitalId?: number;
  /** A form not saved yet; without it, the hospital's saved (or default) form. */
  objTemplate?: ReportTemplateContent;
  iVariant?: 1 | 2;
}

/**
 * A sample report of the hospital printed with its form, or with the form being designed, in the
 * caller's language; the sample case is of the model asked for (default: the deployment's).
 */
export async function previewTemplate(
  db: Db,
  scope: HospitalScope,
  actor: Actor,
  input: PreviewRequest,
  { now, lang, timeZone }: { now: Date; lang: Lang; timeZone: string },
): Promise<Buffer> {
  const hospital = await hospitalOf(db, scope, actor, input.iHospitalId);
  let form: ReportTemplateContent;
  if (input.objTemplate) {
    form = input.objTemplate;
    if (form.strLogo) {
      await assertLogoDecodes(form.strLogo, lang);
    }
  } else {
    form = toTemplateDto(hospital, await repo.findTemplate(db, hospital.id), lang);
  }
  const variant = input.iVariant ?? (await getConfig(db)).caseVariant;
  const doc = await sampleReportDocument({
    lang: lang === 'en' ? 'en' : 'zh-CN',
    variant: variant === CaseVariant.Veterinary ? 'veterinary' : 'human',
    hospital: { ...hospital, logoDataUrl: form.strLogo },
    template: toReportLayout(form),
    now,
    timeZone,
  });
  return renderReportPdf(doc);
}

/** The hospitals whose form the caller keeps (the screen's picker). */
export function templateHospitals(db: Db, scope: HospitalScope): Promise<HospitalOption[]> {
  return hospitalOptions(db, scope);
}

/**
 * The form and header of a hospital's reports, for whoever prints a real report: the saved form
 * or the default one, titled in the report's language when it is the default. The caller has
 * already checked the reader's access to the case; the form itself is no secret of the hospital.
 */
export async function reportFormOf(
  db: Db,
  hospitalId: number,
  lang: ReportDocument['lang'],
): Promise<{ template: ReportLayout; hospital: ReportDocument['hospital'] }> {
  const hospital = await findHospital(db, { kind: 'all' }, hospitalId);
  if (!hospital) {
    throw notFound();
  }
  const dto = toTemplateDto(
    { id: hospital.id, name: hospital.name },
    await repo.findTemplate(db, hospital.id),
    lang === 'en' ? 'en' : 'zh',
  );
  return {
    template: toReportLayout(dto),
    hospital: { name: hospital.name, logoDataUrl: dto.strLogo },
  };
}
