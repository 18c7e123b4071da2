import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { PatientReceiveList, ScreenshotDto } from '@pathconsult/shared';
import type { Db } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { openSlideTruth } from '../../src/slides/testing/ground-truth';
import { expectOk } from './assertions';
import { addCase } from './case-fixtures';
import type { ApiClient } from './http';
import { uploadSlide } from './slide-upload';
import type { TestApp } from './test-app';

/*
 * What the diagnosis tests start from: a signature image for the experts, and a doctor's case with
 * a real slide and one screenshot, sent to experts.
 */

const BOXES = fs.readFileSync(openSlideTruth('boxes.tiff').file);
export const REGION = { iX: 10, iY: 20, iWidth: 200, iHeight: 150, iRotation: 0, bFlipped: false };

async function pngDataUrl(width: number, height: number, channels: 3 | 4, rgb: number[]) {
  const [r = 0, g = 0, b = 0] = rgb;
  const png = await sharp({
    create: { width, height, channels, background: { r, g, b, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A 265 × 150 PNG, as the signature upload keeps them, given to the users. */
export async function giveSignature(db: Db, userIds: number[]): Promise<string> {
  const signature = await pngDataUrl(265, 150, 4, [0, 0, 80]);
  for (const id of userIds) {
    await db.update(users).set({ signaturePng: signature }).where(eq(users.id, id));
  }
  return signature;
}

/** A small picture to send as a screenshot. */
export const screenshotPicture = () => pngDataUrl(64, 48, 3, [200, 120, 160]);

/** A new case of the doctor with boxes.tiff and one screenshot, sent to `experts`. */
export async function sentCaseWithSlide(
  t: TestApp,
  api: ApiClient,
  doctorToken: string,
  experts: number[],
  picture: string,
) {
  const c = await addCase(api, doctorToken);
  const slide = await uploadSlide(
    api,
    t.baseUrl,
    doctorToken,
    { iPatientId: c.iPatientId },
    'boxes.tiff',
    BOXES,
  );
  await t.app.slideIngest.idle();
  const shot = expectOk(
    await api.post<ScreenshotDto>(
      'webViewer/consulation/setPathologyImg',
      // Taken between steps, as the wheel leaves a view: the report prints "6.3×".
      { iSlideDocumentId: slide, strImage: picture, region: REGION, dMagnification: 6.34 },
      { token: doctorToken },
    ),
  );
  const sent = expectOk(
    await api.post<PatientReceiveList>(
      'patient/addPatientReceive',
      {
        listPatient: [{ iPatientId: c.iPatientId }],
        listUser: experts.map((iUserId) => ({ iUserId })),
      },
      { token: doctorToken },
    ),
  );
  return {
    caseId: c.iPatientId,
    slide,
    shot: shot.iScreenshotId,
    receives: sent.listPatientReceive,
  };
}
