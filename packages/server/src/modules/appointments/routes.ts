import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RoleType,
  appointmentAddSchema,
  appointmentItemSchema,
  appointmentPageSchema,
  appointmentQuerySchema,
  appointmentSlotListSchema,
  appointmentSlotsQuerySchema,
  appointmentStateUpdateSchema,
  envelopeSchema,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { requireActor } from '../auth/require-actor';
import { DOCTORS } from '../patients/policies';
import { book, slots } from './book-service';
import { appointmentPage } from './list-service';
import { changeState } from './state-service';
import type { NotificationHub } from '../notifications/hub';

/** Both sides of a booking: the doctor who makes it and the expert it is made with. */
const PARTIES = [RoleType.Doctor, RoleType.Expert] as const;

/** Appointments: booking an expert's half-day for a case (issue 7 part 3, spec §7). */
export const appointmentRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  hub: NotificationHub;
}> = async (app, { db, clock, hub }) => {
  const deps = { db, clock, hub };

  app.get(
    '/patient/selectAppointSlots',
    {
      schema: {
        tags: ['appointments'],
        summary:
          'The half-days of the next 14 days (China time) an expert works, each with whether a ' +
          'booking holds it; for experts the doctor may send cases to',
        querystring: appointmentSlotsQuerySchema,
        response: { 200: envelopeSchema(appointmentSlotListSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      return ok(request.lang, await slots(deps, actor, request.query.iExpertId));
    },
  );

  app.post(
    '/patient/addPatientReceiveReservation',
    {
      schema: {
        tags: ['appointments'],
        summary:
          'The doctor books a free half-day of an expert’s week for a frozen-section or urgent ' +
          'consultation of an own case; the expert then accepts or declines',
        body: appointmentAddSchema,
        response: { 200: envelopeSchema(appointmentItemSchema) },
      },
      config: { policy: { roles: DOCTORS } },
    },
    async (request) => {
      const actor = requireActor(request);
      const body = request.body;
      request.auditNote = {
        targetType: 'patient',
        targetId: body.iPatientId,
        detail: {
          iExpertId: body.iExpertId,
          dtDate: body.dtDate,
          iPeriod: body.iPeriod,
          iKind: body.ddKind.iNumber,
        },
      };
      const item = await book(deps, actor, body);
      request.auditNote.detail = {
        ...request.auditNote.detail,
        iAppointmentId: item.iAppointmentId,
      };
      return ok(request.lang, item);
    },
  );

  app.get(
    '/patient/selectPatientAppoint',
    {
      schema: {
        tags: ['appointments'],
        summary:
          'The doctor’s bookings or the expert’s (of them): state, start days, name and ' +
          'pathology-number filters; coming half-days soonest first, then past ones',
        querystring: appointmentQuerySchema,
        response: { 200: envelopeSchema(appointmentPageSchema) },
      },
      config: { policy: { roles: PARTIES, audit: 'read' } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'appointment',
        detail: { iState: request.query.iState },
      };
      return ok(request.lang, await appointmentPage(deps, actor, request.query));
    },
  );

  app.post(
    '/patient/updatePatientAppointState',
    {
      schema: {
        tags: ['appointments'],
        summary:
          'The expert accepts or declines (with a reason) a booking, the doctor cancels one, ' +
          'before its half-day begins',
        body: appointmentStateUpdateSchema,
        response: { 200: envelopeSchema(appointmentItemSchema) },
      },
      config: { policy: { roles: PARTIES } },
    },
    async (request) => {
      const actor = requireActor(request);
      request.auditNote = {
        targetType: 'appointment',
        targetId: request.body.iAppointmentId,
        detail: { strAction: request.body.ddAction },
      };
      const item = await changeState(deps, actor, request.body);
      request.auditNote.detail = {
        ...request.auditNote.detail,
        iPatientId: item.patient.iPatientId,
        iState: item.ddAppointState.iNumber,
      };
      return ok(request.lang, item);
    },
  );
};
