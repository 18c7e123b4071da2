import { eq } from 'drizzle-orm';
import {
  SlideUploadState,
  extensionOf,
  type Lang,
  type SlideDocumentDto,
  type SlideUpdateInput,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { slideDocuments } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Actor } from '../auth/actor';
import { lockPatient } from '../patients/repo';
import { nameTakenError } from './name-clash';
import { assertMayChange, caseTakesSlides } from './access';
import { toSlideDocumentDto } from './dto';
import { documentViews, visibleLiveDocuments } from './repo';

/**
 * updateSlideDocument: a new display name, or a corrected pathology number while the slide is
 * unmatched (a matched slide's number is its case's), once its upload is over. The uploader or a
 * "clear slide" administrator; a slide of a submitted or completed case no longer changes. The
 * display name is unique per hospital and number among live slides: the database decides under
 * concurrency (slide_documents_name_key) and its refusal becomes SLIDE_NAME_EXISTS, or
 * SLIDE_NAME_FAILED where a failed slide holds the name.
 */
export async function updateSlide(
  { db, clock }: { db: Db; clock: Clock },
  actor: Actor,
  input: SlideUpdateInput,
  lang: Lang,
): Promise<SlideDocumentDto> {
  const id = input.iSlideDocumentId;
  let shownName = input.strFileName ?? '';
  // Where the name was asked for: the refusal says whether a failed slide holds it.
  let nameHome = { hospitalId: 0, diagnosisNum: '' };
  try {
    await db.transaction(async (tx) => {
      // The case first, then the slide: the order every change of a case's slides takes.
      const [seen] = await visibleLiveDocuments(tx, actor, [id], false);
      const matchedCase =
        seen?.patientId != null ? await lockPatient(tx, seen.patientId, 'share') : undefined;
      const [doc] = await visibleLiveDocuments(tx, actor, [id], true);
      if (!doc) {
        throw notFound();
      }
      assertMayChange(actor, doc);
      if (doc.state === SlideUploadState.Uploading) {
        // An upload resumes by its name and number (slide-upload): they stay until it is done.
        throw new AppError('SLIDE_STILL_UPLOADING');
      }
      shownName = input.strFileName ?? doc.displayName;
      nameHome = {
        hospitalId: doc.hospitalId,
        diagnosisNum: input.strDiagnosistNum ?? doc.diagnosisNum,
      };
      // The name says what the file is (lists show it beside the format): it keeps the type.
      if (input.strFileName !== undefined && extensionOf(input.strFileName) !== doc.fileType) {
        throw new AppError('SLIDE_NAME_EXTENSION', { type: doc.fileType });
      }
      const numberChanges =
        input.strDiagnosistNum !== undefined && input.strDiagnosistNum !== doc.diagnosisNum;
      if (doc.patientId !== null) {
        if (matchedCase?.id !== doc.patientId) {
          // Matched between the two reads: the screen saw an older slide.
          throw new AppError('CASE_STATE_CHANGED');
        }
        if (!caseTakesSlides(matchedCase.state)) {
          throw new AppError('SLIDE_CASE_LOCKED');
        }
        if (numberChanges) {
          throw new AppError('SLIDE_NUMBER_LOCKED');
        }
      }
      const changes = {
        ...(input.strFileName === undefined ? {} : { displayName: input.strFileName }),
        ...(numberChanges ? { diagnosisNum: input.strDiagnosistNum } : {}),
      };
      if (Object.keys(changes).length > 0) {
        await tx.update(slideDocuments).set(changes).where(eq(slideDocuments.id, id));
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, 'slide_documents_name_key')) {
      throw await nameTakenError(db, nameHome, shownName);
    }
    throw error;
  }
  const [view] = await documentViews(db, eq(slideDocuments.id, id));
  if (!view) {
    throw notFound();
  }
  return toSlideDocumentDto(view, lang, clock.now());
}
