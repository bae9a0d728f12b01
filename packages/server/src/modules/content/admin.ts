import {
  type AdminContentItem,
  type ContentItemInput,
  type ContentKind,
  contentItemProblems,
  type EditableSiteParameters,
} from '@poolkit/core';
import { and, asc, eq } from 'drizzle-orm';
import { ERROR_CODES } from '../../contract';
import type { Database } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { type LocalizedText, siteContentItems, siteParameters } from '../../db/schema';
import type { SqlExecutor } from '../../engine/sql';
import { HttpError } from '../../http/httpError';
import { recordAudit } from '../admin/audit';
import { type ContentItemRow, isLive } from './queries';

function fieldError(status: number, code: number, field: string, message: string): HttpError {
  return new HttpError(status, code, `${field}: ${message}`, { fields: [{ field, message }] });
}

/** Who changes the content, from where, when. */
export interface ContentActor {
  readonly operatorId: string;
  readonly ip: string | null;
  readonly nowMs: number;
}

/** The kind's own fields of an item, kept in `attrs` (null ones are left out). */
function attrsOf(item: ContentItemInput): Record<string, unknown> {
  const attrs: Record<string, unknown> = {
    url: item.url,
    image_url: item.image_url,
    position: item.position,
    group: item.group,
    pinned: item.pinned,
    platform: item.platform,
    category: item.category,
    version: item.version,
    checksum: item.checksum,
    blocks: item.blocks,
  };
  for (const key of Object.keys(attrs)) {
    const value = attrs[key];
    if (value === null || value === false || (Array.isArray(value) && value.length === 0))
      delete attrs[key];
  }
  return attrs;
}

function stringAttr(row: ContentItemRow, key: string): string | null {
  const value = row.attrs[key];
  return typeof value === 'string' ? value : null;
}

/** An item as the operator console shows it. */
export function adminItem(row: ContentItemRow, nowMs: number): AdminContentItem {
  const blocks = Array.isArray(row.attrs.blocks)
    ? (row.attrs.blocks as AdminContentItem['blocks'])
    : [];
  return {
    id: String(row.id),
    kind: row.kind,
    slug: row.slug,
    title: { ...row.title },
    body: row.body === null ? null : { ...row.body },
    url: stringAttr(row, 'url') ?? stringAttr(row, 'link_url'),
    image_url: stringAttr(row, 'image_url'),
    position: stringAttr(row, 'position'),
    group: (row.attrs.group as LocalizedText | null | undefined) ?? null,
    pinned: row.attrs.pinned === true,
    platform: (stringAttr(row, 'platform') as AdminContentItem['platform']) ?? null,
    category: (stringAttr(row, 'category') as AdminContentItem['category']) ?? null,
    version: stringAttr(row, 'version'),
    checksum: stringAttr(row, 'checksum'),
    blocks,
    sort: row.sort,
    published: row.published,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    live: isLive(row, nowMs),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The 400 of the first field `item` lacks for `kind`. */
function checkKind(kind: ContentKind, item: ContentItemInput): void {
  const [problem] = contentItemProblems(kind, item);
  if (problem !== undefined)
    throw fieldError(400, ERROR_CODES.validation, problem.field, problem.message);
}

/** The columns of `item` as stored. */
function columnsOf(item: ContentItemInput) {
  return {
    slug: item.slug,
    title: item.title,
    body: item.body,
    attrs: attrsOf(item),
    sort: item.sort,
    published: item.published,
    startsAt: item.starts_at === null ? null : new Date(item.starts_at),
    endsAt: item.ends_at === null ? null : new Date(item.ends_at),
  };
}

/**
 * Writes the audit entry of a created or replaced item, with what a reviewer needs, not its
 * texts.
 */
async function auditItemChange(
  executor: SqlExecutor,
  change: 'create' | 'update',
  targetId: string,
  kind: ContentKind,
  item: ContentItemInput,
  actor: ContentActor,
): Promise<void> {
  await recordAudit(executor, {
    actorId: actor.operatorId,
    action: change === 'create' ? 'content.create' : 'content.update',
    targetType: 'content_item',
    targetId,
    details: {
      kind,
      slug: item.slug,
      title_en: item.title.en.slice(0, 120),
      published: item.published,
      starts_at: item.starts_at,
      ends_at: item.ends_at,
    },
    ip: actor.ip,
    nowMs: actor.nowMs,
  });
}

function slugTaken(error: unknown): HttpError | null {
  return isUniqueViolation(error)
    ? fieldError(409, ERROR_CODES.conflict, 'slug', 'This address is taken by another item')
    : null;
}

/** The items of `kind`, drafts included, in display order. */
export async function listContentItems(
  database: Database,
  kind: ContentKind,
  nowMs: number,
): Promise<{ list: AdminContentItem[] }> {
  const rows = await database.db
    .select()
    .from(siteContentItems)
    .where(eq(siteContentItems.kind, kind))
    .orderBy(asc(siteContentItems.sort), asc(siteContentItems.id));
  return { list: rows.map((row) => adminItem(row, nowMs)) };
}

/** Adds an item of `kind` and its audit entry (`content.create`) in one transaction. */
export async function createContentItem(
  database: Database,
  kind: ContentKind,
  item: ContentItemInput,
  actor: ContentActor,
): Promise<AdminContentItem> {
  checkKind(kind, item);
  try {
    return await database.db.transaction(async (tx) => {
      const now = new Date(actor.nowMs);
      const [row] = await tx
        .insert(siteContentItems)
        .values({ kind, ...columnsOf(item), createdAt: now, updatedAt: now })
        .returning();
      if (row === undefined) throw new Error('The new item was not returned');
      await auditItemChange(tx, 'create', String(row.id), kind, item, actor);
      return adminItem(row, actor.nowMs);
    });
  } catch (error) {
    throw slugTaken(error) ?? error;
  }
}

/** Replaces an item of `kind` and writes its audit entry (`content.update`); 404 when none. */
export async function updateContentItem(
  database: Database,
  kind: ContentKind,
  id: string,
  item: ContentItemInput,
  actor: ContentActor,
): Promise<AdminContentItem> {
  checkKind(kind, item);
  try {
    return await database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(siteContentItems)
        .set({ ...columnsOf(item), updatedAt: new Date(actor.nowMs) })
        .where(and(eq(siteContentItems.id, Number(id)), eq(siteContentItems.kind, kind)))
        .returning();
      if (row === undefined) throw fieldError(404, ERROR_CODES.notFound, 'id', 'No such item');
      await auditItemChange(tx, 'update', id, kind, item, actor);
      return adminItem(row, actor.nowMs);
    });
  } catch (error) {
    throw slugTaken(error) ?? error;
  }
}

/** Deletes an item of `kind` and writes its audit entry (`content.delete`); 404 when none. */
export async function deleteContentItem(
  database: Database,
  kind: ContentKind,
  id: string,
  actor: ContentActor,
): Promise<{ id: string; deleted: true }> {
  return await database.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(siteContentItems)
      .where(and(eq(siteContentItems.id, Number(id)), eq(siteContentItems.kind, kind)))
      .returning();
    if (row === undefined) throw fieldError(404, ERROR_CODES.notFound, 'id', 'No such item');
    await recordAudit(tx, {
      actorId: actor.operatorId,
      action: 'content.delete',
      targetType: 'content_item',
      targetId: id,
      details: { kind, slug: row.slug, title_en: row.title.en.slice(0, 120) },
      ip: actor.ip,
      nowMs: actor.nowMs,
    });
    return { id, deleted: true as const };
  });
}

/** The editable site parameters. */
export async function readEditableParameters(database: Database): Promise<EditableSiteParameters> {
  const [row] = await database.db.select().from(siteParameters).limit(1);
  return {
    support_email: row?.supportEmail ?? null,
    wechat_qr_url: row?.wechatQrUrl ?? null,
    android_download_url: row?.androidDownloadUrl ?? null,
    ios_download_url: row?.iosDownloadUrl ?? null,
  };
}

/** Sets the site parameters and writes the audit entry (`content.parameters`). */
export async function updateEditableParameters(
  database: Database,
  parameters: EditableSiteParameters,
  actor: ContentActor,
): Promise<EditableSiteParameters> {
  return await database.db.transaction(async (tx) => {
    const values = {
      supportEmail: parameters.support_email,
      wechatQrUrl: parameters.wechat_qr_url,
      androidDownloadUrl: parameters.android_download_url,
      iosDownloadUrl: parameters.ios_download_url,
      updatedAt: new Date(actor.nowMs),
    };
    await tx
      .insert(siteParameters)
      .values({ id: true, ...values })
      .onConflictDoUpdate({ target: siteParameters.id, set: values });
    await recordAudit(tx, {
      actorId: actor.operatorId,
      action: 'content.parameters',
      targetType: 'site_parameters',
      targetId: null,
      details: { ...parameters },
      ip: actor.ip,
      nowMs: actor.nowMs,
    });
    return { ...parameters };
  });
}
