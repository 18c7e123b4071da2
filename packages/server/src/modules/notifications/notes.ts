import type { PatientEventType } from '@pathconsult/shared';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import type { NotificationHub } from './hub';

/*
 * Workflow messages written with the change they report: `withNotes` runs the change's
 * transaction, the change adds its messages through `notes` (inserted in the same transaction, so
 * a change that fails leaves none), and once it committed the recipients' pages are signalled.
 */

/** What a message reports: a case event, or a step of an appointment. */
export type NoticeKind =
  | PatientEventType
  | 'appointmentBooked'
  | 'appointmentAccepted'
  | 'appointmentDeclined'
  | 'appointmentCancelled';

export interface Note {
  /** Recipients; the acting user is left out (nobody is told what they just did). */
  userIds: readonly (number | null | undefined)[];
  patientId: number;
  actorId: number;
  kind: NoticeKind;
  params: Record<string, string | number>;
  now: Date;
}

export interface Notes {
  add(tx: Db, note: Note): Promise<void>;
}

export interface NotesDeps {
  db: Db;
  hub: NotificationHub;
}

export async function withNotes<T>(
  { db, hub }: NotesDeps,
  work: (tx: Db, notes: Notes) => Promise<T>,
): Promise<T> {
  const told = new Set<number>();
  const notes: Notes = {
    async add(tx, note) {
      const ids = [...new Set(note.userIds)].filter(
        (id): id is number => typeof id === 'number' && id !== note.actorId,
      );
      if (ids.length === 0) {
        return;
      }
      await tx.insert(notifications).values(
        ids.map((userId) => ({
          userId,
          patientId: note.patientId,
          actorId: note.actorId,
          kind: note.kind,
          params: note.params,
          createdAt: note.now,
        })),
      );
      ids.forEach((id) => told.add(id));
    },
  };
  const result = await db.transaction((tx) => work(tx, notes));
  hub.signal(told);
  return result;
}
