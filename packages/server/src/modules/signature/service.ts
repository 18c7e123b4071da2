import {
  SIGNATURE_DATA_URL_PREFIX,
  type SignatureUpdateInput,
  type UserDto,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { toUserDto } from '../users/dto';
import { findOwnUser, updateUserRow } from '../users/repo';
import { signaturePngBytes } from './png';

export interface SignatureDeps {
  db: Db;
  clock: Clock;
}

/**
 * userManage/updateSignature: the caller's own signature, which their reports will carry; nobody
 * signs for somebody else, so another account's id answers like a missing one. An empty string
 * removes the signature. The stored value is a canonical PNG data URL (what getUserInfo answers
 * in `arraySignatureUrl`).
 */
export async function updateOwnSignature(
  deps: SignatureDeps,
  actor: Actor,
  input: SignatureUpdateInput,
): Promise<{ user: UserDto; bytes: number }> {
  const { db, clock } = deps;
  if (input.iUserId !== actor.userId) {
    throw notFound();
  }
  let signaturePng: string | null = null;
  let bytes = 0;
  if (input.strSignatureUrl !== '') {
    const png = await signaturePngBytes(input.strSignatureUrl);
    signaturePng = SIGNATURE_DATA_URL_PREFIX + png.toString('base64');
    bytes = png.length;
  }
  await updateUserRow(db, actor.userId, { signaturePng, updatedAt: clock.now() });
  const own = await findOwnUser(db, actor.userId);
  if (!own) {
    throw notFound();
  }
  return { user: toUserDto(own.user, own.hospital), bytes };
}
