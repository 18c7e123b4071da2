import { z } from 'zod';
import { APPOINTMENT_ACTIONS } from '../appointment-states';
import { ddSchema, idSchema, isoDateSchema, pageQuerySchema, pageSchema } from './common';

/*
 * Appointments (issue 7 part 3; spec §2 /subscribeList, §7 addPatientReceiveReservation,
 * selectPatientAppoint, updatePatientAppointState): a doctor books a half-day of an expert's week
 * for one of their cases. Kinds, states and transitions are appointment-states.ts's; the hours
 * of a half-day appointment-times.ts's; the rules docs/decisions.md "Appointments".
 */

export const AppointmentLimits = { noteMax: 200, answerMax: 500 } as const;

const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' });

const periodSchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(1, { error: 'validation.invalid' })
  .max(2, { error: 'validation.invalid' })
  .describe('1 morning (08:00–12:00), 2 afternoon (13:00–17:30), China time');

/** patient/addPatientReceiveReservation: the doctor books a half-day of an expert. */
export const appointmentAddSchema = z.object({
  iPatientId: idSchema,
  iExpertId: idSchema,
  dtDate: z.iso.date({ error: 'validation.date' }).describe('The day, YYYY-MM-DD, China time'),
  iPeriod: periodSchema,
  ddKind: ddSchema(z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' })).describe(
    'AppointmentKind: 0 frozen section, 1 urgent consultation',
  ),
  strNote: text(AppointmentLimits.noteMax).default(''),
});
export type AppointmentAddInput = z.input<typeof appointmentAddSchema>;

/** patient/selectPatientAppoint: the caller's bookings (doctor: made; expert: of them). */
export const appointmentQuerySchema = pageQuerySchema.extend({
  iState: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(3, { error: 'validation.invalid' })
    .optional()
    .describe('AppointmentState; all when absent'),
  dtStart: isoDateSchema.optional().describe('Half-days starting on or after (a date: China day)'),
  dtEnd: isoDateSchema.optional().describe('Half-days starting on or before (end day included)'),
  strPatientName: z.string().trim().max(16).optional().describe('Prefix, any case'),
  strDiagnosistNum: z.string().trim().max(16).optional().describe('Prefix, any case'),
});
export type AppointmentQuery = z.infer<typeof appointmentQuerySchema>;

const personSchema = z.object({ iUserId: z.number().int(), strRealName: z.string() });

export const appointmentItemSchema = z.object({
  iAppointmentId: z.number().int(),
  patient: z.object({
    iPatientId: z.number().int(),
    strPatientName: z.string(),
    strDiagnosistNum: z.string(),
  }),
  hospital: z.object({ iHospitalId: z.number().int(), strHospitalName: z.string() }),
  doctor: personSchema,
  expert: personSchema.extend({ strHospitalName: z.string() }),
  dtDate: z.string().describe('China day of the half-day'),
  iPeriod: z.number().int(),
  dtAppointStartTime: z.string(),
  dtAppointEndTime: z.string(),
  ddKind: ddSchema(z.number().int()).describe('AppointmentKind'),
  strNote: z.string(),
  ddAppointState: ddSchema(z.number().int()).describe('AppointmentState'),
  strAnswer: z.string().nullable().describe('The expert’s reason when declining, or remark'),
  dtDecidedTime: z.string().nullable(),
  dtCreateTime: z.string(),
  bStarted: z.boolean().describe('The half-day has begun: no more answers or cancelling'),
});
export type AppointmentItem = z.infer<typeof appointmentItemSchema>;
export const appointmentPageSchema = pageSchema(appointmentItemSchema);
export type AppointmentPage = z.infer<typeof appointmentPageSchema>;

/**
 * patient/updatePatientAppointState: the expert accepts or declines (a reason required), the
 * doctor cancels.
 */
export const appointmentStateUpdateSchema = z
  .object({
    iAppointmentId: idSchema,
    ddAction: z.enum(APPOINTMENT_ACTIONS as ['accept', 'decline', 'cancel'], {
      error: 'validation.invalid',
    }),
    strAnswer: text(AppointmentLimits.answerMax).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.ddAction === 'decline' && v.strAnswer === '') {
      ctx.addIssue({ code: 'custom', path: ['strAnswer'], message: 'validation.diagnosis.reason' });
    }
  });
export type AppointmentStateUpdateInput = z.input<typeof appointmentStateUpdateSchema>;

/** patient/selectAppointSlots: an expert's bookable half-days of the coming days. */
export const appointmentSlotsQuerySchema = z.object({ iExpertId: idSchema });

export const appointmentSlotSchema = z.object({
  dtDate: z.string(),
  iWeekday: z.number().int(),
  iPeriod: z.number().int(),
  dtAppointStartTime: z.string(),
  dtAppointEndTime: z.string(),
  bTaken: z.boolean().describe('A pending or accepted booking holds it'),
});
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;
export const appointmentSlotListSchema = z.object({
  listSlot: z.array(appointmentSlotSchema).describe('Soonest first; begun half-days left out'),
});
export type AppointmentSlotList = z.infer<typeof appointmentSlotListSchema>;
