import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ROLES,
  envelopeSchema,
  reportDtoSchema,
  reportReviewSchema,
  reviewListPageSchema,
  reviewListQuerySchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import type { NotificationHub } from '../notifications/hub';
import { reviewList } from './review-list';
import { reviewReport } from './review-service';

const TAGS = ['diagnosis'];
/** Administrators holding "report view"; its scope is checked against the expert's hospital. */
const REVIEWERS = { roles: ADMIN_ROLES, privilege: 'reportView' } as const;

/** Review before release (spec §4): the queue and the decision. */
export const reviewRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  hub: NotificationHub;
}> = async (app, { db, clock, hub }) => {
  app.get(
    '/diagnosis/selectReviewReports',
    {
      schema: {
        tags: TAGS,
        summary:
          'Signed reports that need review before release, of the experts of the hospitals in ' +
          'the reviewer’s report-view scope',
        querystring: reviewListQuerySchema,
        response: { 200: envelopeSchema(reviewListPageSchema) },
      },
      config: { policy: { ...REVIEWERS, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = { targetType: 'diagnosisReport', detail: { strList: 'review' } };
      return ok(request.lang, await reviewList(db, actor, request.query, request.lang));
    },
  );

  app.post(
    '/patient/updatePatientReceiveAudit',
    {
      schema: {
        tags: TAGS,
        summary:
          'Passes (1) or rejects (2, with a reason) a signed report waiting for review; a ' +
          'passed report is released to the doctor',
        body: reportReviewSchema,
        response: { 200: envelopeSchema(reportDtoSchema) },
      },
      config: { policy: REVIEWERS },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'diagnosisReport',
        targetId: request.body.iReportId,
        detail: { ddReviewState: request.body.ddReviewState.iNumber },
      };
      return ok(request.lang, await reviewReport({ db, clock, hub }, actor, request.body));
    },
  );
};
