import { isApiError } from '@poolkit/core/client';
import { groupNameSchema, type WorkerGroup } from '@poolkit/core/contract';
import type { TFunction } from 'i18next';

/** The longest group name the server accepts (core's `groupNameSchema`, 32 characters). */
export const GROUP_NAME_MAX = groupNameSchema.maxLength ?? 32;

/**
 * The message for a group name that the server would refuse, or `undefined` when it is fine:
 * blank, longer than the server allows (after trimming, as the server trims), or the name of
 * another group of the account (names are unique per account and pool; the server answers 409).
 * `exceptId` is the group being renamed, which may keep its own name.
 */
export function groupNameError(
  t: TFunction,
  name: string,
  groups: readonly Pick<WorkerGroup, 'id' | 'name'>[],
  exceptId?: string,
): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return t('site.pool.groupNameRequired');
  if (trimmed.length > GROUP_NAME_MAX)
    return t('site.pool.groupNameTooLong', { max: GROUP_NAME_MAX });
  if (groups.some((group) => group.id !== exceptId && group.name === trimmed)) {
    return t('site.pool.groupNameTaken');
  }
  return undefined;
}

/**
 * The field message of a failed create or rename call when the server refused the name itself
 * (409 "already exists", or a validation error on `name`, e.g. a group created meanwhile in
 * another tab); `undefined` for any other error, which goes to the site's feedback instead.
 */
export function serverGroupNameError(t: TFunction, error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 409) return t('site.pool.groupNameTaken');
  const field = error.fields.find((entry) => entry.field === 'name');
  return field?.message;
}
