import { eq } from 'drizzle-orm';
import {
  type CloseSlideInput,
  type Lang,
  type SlideInfoDto,
  type SlideViewState,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { slideDocuments } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../auth/actor';
import { toSlideDocumentDto } from '../slides/dto';
import { documentViews } from '../slides/repo';
import { slideForViewing } from '../tiles/slide-grant';
import type { DeepZoom } from '../tiles/deep-zoom';
import type { TileTokens } from '../tiles/token';
import { issueSlideToken } from '../tiles/token-routes';
import * as repo from './repo';
import { markViewedByReading } from '../receives/viewed-by-reading';

/*
 * The viewer's opening and closing of a slide (issue 6). Opening answers in one call what the
 * viewer needs to draw it: the slide's facts, a tile token, and where the caller left it last
 * time. Closing saves that place, one per user and slide. Both follow the viewing rule of the
 * tiles (tiles/slide-grant.ts): a slide the caller may not view answers 404 as a missing one.
 */

export interface ViewerDeps {
  db: Db;
  clock: Clock;
  tokens: TileTokens;
  /** The slide's Deep Zoom geometry (the tile service's), or null when it cannot be opened. */
  deepZoomOf: (slideId: number, hospitalId: number) => Promise<DeepZoom | null>;
}

function toViewState(row: repo.SlideViewRow): SlideViewState {
  return {
    dCenterX: row.centerX,
    dCenterY: row.centerY,
    dImageZoom: row.imageZoom,
    // Only the four turns are ever saved (slideViewStateSchema).
    iRotation: row.rotation as SlideViewState['iRotation'],
    bFlip: row.flip,
    bWholeSlide: row.wholeSlide,
  };
}

export async function slideInfo(
  { db, clock, tokens, deepZoomOf }: ViewerDeps,
  actor: Actor,
  slideId: number,
  lang: Lang,
): Promise<SlideInfoDto> {
  const { hospitalId, tileGrantEpoch, patientId } = await slideForViewing(db, actor, slideId);
  const [[view], last, dz] = await Promise.all([
    documentViews(db, eq(slideDocuments.id, slideId)),
    repo.lastView(db, actor.userId, slideId),
    // Opened now, beside the database reads: the viewer then asks for tiles straight away
    // instead of first reading slide.dzi (one round trip less over a hospital link).
    deepZoomOf(slideId, hospitalId),
    // Beside them, not before: an expert's look at their receive stays off the way to the tile.
    patientId === null ? undefined : markViewedByReading({ db, clock }, actor, patientId),
  ]);
  if (!view) {
    // Removed for good between the check and the read.
    throw notFound();
  }
  return {
    // Without its thumbnail: the viewer draws the slide itself, and the thumbnail was most of
    // the answer (17–20 KB of 20) on the way to the first tile over a hospital link.
    objSlide: { ...toSlideDocumentDto(view, lang, clock.now()), strThumbnailBase64: null },
    objToken: issueSlideToken(tokens, clock, { slideId, hospitalId, epoch: tileGrantEpoch }),
    objLastView: last ? toViewState(last) : null,
    objDeepZoom: dz ? { iTileSize: dz.tileSize, iWidth: dz.width, iHeight: dz.height } : null,
  };
}

/**
 * Saves where the caller leaves the slide. The centre must lie on the slide (its level-0 size,
 * edges included): a view saved off the image would reopen on nothing.
 */
export async function closeSlide(
  { db, clock }: Pick<ViewerDeps, 'db' | 'clock'>,
  actor: Actor,
  { iSlideDocumentId, objView }: CloseSlideInput,
): Promise<{ iSlideDocumentId: number }> {
  const { width, height } = await slideForViewing(db, actor, iSlideDocumentId);
  if (width === null || height === null) {
    throw new AppError('SLIDE_NOT_READY');
  }
  if (objView.dCenterX > width || objView.dCenterY > height) {
    throw new AppError('VIEW_OUTSIDE_SLIDE');
  }
  await repo.saveView(db, {
    userId: actor.userId,
    slideDocumentId: iSlideDocumentId,
    centerX: objView.dCenterX,
    centerY: objView.dCenterY,
    imageZoom: objView.dImageZoom,
    rotation: objView.iRotation,
    flip: objView.bFlip,
    wholeSlide: objView.bWholeSlide,
    updatedAt: clock.now(),
  });
  return { iSlideDocumentId };
}
