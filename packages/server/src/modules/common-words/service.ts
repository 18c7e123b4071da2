import {
  CommonWordScope,
  RoleType,
  type CommonWordAddInput,
  type CommonWordDto,
  type CommonWordPage,
  type CommonWordQuery,
  type CommonWordScopeCode,
  type CommonWordUpdateInput,
  type CommonWordUsableQuery,
} from '@pathconsult/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/actor';
import { isHospitalInScope, scopeOf } from '../tenancy/scope';
import { toCommonWordDto } from './dto';
import * as repo from './repo';

/*
 * Common words (spec §3, §7 commonWord/*). An expert keeps their own words and inserts their own,
 * the shared ones and the institution-shared ones of their hospital. Only the owner changes or
 * deletes a word; administrators holding "common words manage" (the route asks for it) look
 * after the words of the experts of the hospitals in their tenancy scope. See docs/decisions.md
 * "Common words".
 */

export interface CommonWordDeps {
  db: Db;
  clock: Clock;
}

const isAdmin = (actor: Actor) =>
  actor.isSuperadmin ||
  actor.roleType === RoleType.PlatformAdmin ||
  actor.roleType === RoleType.HospitalAdmin;

const managedBy = (actor: Actor): repo.ManagedWords =>
  isAdmin(actor)
    ? { kind: 'hospitals', scope: scopeOf(actor) }
    : { kind: 'owner', ownerId: actor.userId };

const readerOf = (actor: Actor): repo.Reader => ({ userId: actor.userId, scope: scopeOf(actor) });

const scopeCodeOf = (scope: number): CommonWordScopeCode =>
  scope === CommonWordScope.Shared || scope === CommonWordScope.Institution
    ? scope
    : CommonWordScope.Private;

function pageOf(
  actor: Actor,
  { rows, total }: { rows: repo.WordView[]; total: number },
): CommonWordPage {
  return { listPage: rows.map((r) => toCommonWordDto(r, actor.userId)), iTotalCount: total };
}

export async function selectManaged(
  db: Db,
  actor: Actor,
  q: CommonWordQuery,
): Promise<CommonWordPage> {
  return pageOf(actor, await repo.listManaged(db, managedBy(actor), q));
}

export async function selectUsable(
  db: Db,
  actor: Actor,
  q: CommonWordUsableQuery,
): Promise<CommonWordPage> {
  return pageOf(actor, await repo.listUsable(db, readerOf(actor), q));
}

export function usableCategories(db: Db, actor: Actor): Promise<string[]> {
  return repo.usableCategories(db, readerOf(actor));
}

async function viewOf(db: Db, actor: Actor, id: number): Promise<CommonWordDto> {
  const saved = await repo.findView(db, id);
  if (!saved) {
    throw notFound();
  }
  return toCommonWordDto(saved, actor.userId);
}

/** commonWord/add: a word of the calling expert, kept with the expert's hospital. */
export async function addWord(
  deps: CommonWordDeps,
  actor: Actor,
  input: CommonWordAddInput,
): Promise<CommonWordDto> {
  if (actor.hospitalId == null) {
    // Institution sharing and the administrators' scope both go by the owner's hospital.
    throw new AppError('FORBIDDEN');
  }
  const id = await repo.insertWord(
    deps.db,
    { ownerId: actor.userId, hospitalId: actor.hospitalId },
    {
      category: input.strCategory,
      content: input.strContent,
      scope: scopeCodeOf(input.ddScope?.iNumber ?? CommonWordScope.Private),
    },
    deps.clock.now(),
  );
  return viewOf(deps.db, actor, id);
}

/**
 * Whether the caller may change or delete a word; throws otherwise. The owner may. An
 * administrator may when the word's hospital is in its scope, else it answers like a missing
 * word. Another expert is refused with COMMON_WORD_NOT_OWNED for a word of its own hospital or a
 * shared one (spec §5 "non-personal common words: no right to operate"); another hospital's
 * private or institution-shared word answers like a missing one (the tenancy boundary).
 */
function assertMayChange(actor: Actor, word: repo.WordRow): void {
  if (word.ownerId === actor.userId) {
    return;
  }
  if (isAdmin(actor)) {
    if (!isHospitalInScope(scopeOf(actor), word.hospitalId)) {
      throw notFound();
    }
    return;
  }
  if (word.scope === CommonWordScope.Shared || word.hospitalId === actor.hospitalId) {
    throw new AppError('COMMON_WORD_NOT_OWNED');
  }
  throw notFound();
}

/** commonWord/update: category and content replaced, the scope too when sent. */
export async function updateWord(
  deps: CommonWordDeps,
  actor: Actor,
  input: CommonWordUpdateInput,
): Promise<CommonWordDto> {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    const word = await repo.lockWord(tx, input.iCommonWordId);
    if (!word) {
      throw notFound();
    }
    assertMayChange(actor, word);
    await repo.updateWord(
      tx,
      word.id,
      {
        category: input.strCategory,
        content: input.strContent,
        scope: scopeCodeOf(input.ddScope?.iNumber ?? word.scope),
      },
      clock.now(),
    );
  });
  return viewOf(db, actor, input.iCommonWordId);
}

/** commonWord/delete: returns the word removed (for the audit note). */
export async function deleteWord(
  deps: CommonWordDeps,
  actor: Actor,
  id: number,
): Promise<repo.WordRow> {
  return deps.db.transaction(async (tx) => {
    const word = await repo.lockWord(tx, id);
    if (!word) {
      throw notFound();
    }
    assertMayChange(actor, word);
    await repo.deleteWord(tx, word.id);
    return word;
  });
}
