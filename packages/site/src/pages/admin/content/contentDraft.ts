import {
  type AdminContentItem,
  type ContentItemBody,
  type ContentKind,
  type DownloadCategory,
  type DownloadPlatform,
  type EventBlockInput,
  type EventBlockType,
  LANGUAGES,
  type LocalizedTexts,
} from '@poolkit/core';

/** Five blank texts, one per language. */
export const blankTexts = (): LocalizedTexts => ({ en: '', 'zh-CN': '', ru: '', ja: '', ko: '' });

/** A block of an event as the form holds it (machine ids as typed). */
export interface BlockDraft {
  type: EventBlockType;
  text: LocalizedTexts;
  image_url: string;
  machines: string;
  code: string;
}

/** The fields of one kind as an operator types them: a union by `kind`. */
export type KindFields =
  | { kind: 'announcement'; url: string; pinned: boolean }
  | { kind: 'slider'; url: string; image_url: string }
  | { kind: 'advertisement'; url: string; image_url: string; position: string }
  /** `group` is not edited here; it is kept as it is so a save does not drop it. */
  | { kind: 'footer_link'; url: string; group: LocalizedTexts | null }
  | { kind: 'blogroll'; url: string; image_url: string }
  | {
      kind: 'download';
      url: string;
      platform: DownloadPlatform;
      category: DownloadCategory;
      version: string;
      checksum: string;
      body: LocalizedTexts;
    }
  | { kind: 'page'; slug: string; body: LocalizedTexts }
  | { kind: 'event'; slug: string; blocks: BlockDraft[] };

/** The fields of `kind`. */
export type FieldsOf<Kind extends ContentKind> = Extract<KindFields, { kind: Kind }>;

/** The form of an item: the fields every kind shares, and the kind's own. */
export interface ContentDraft {
  title: LocalizedTexts;
  sort: string;
  published: boolean;
  /** The publish window as `datetime-local` values (`''` for open). */
  starts_at: string;
  ends_at: string;
  fields: KindFields;
}

/** The fields of a new item of `kind`, or of `item` when it is given. */
function fieldsOf(kind: ContentKind, item?: AdminContentItem): KindFields {
  const url = item?.url ?? '';
  const image_url = item?.image_url ?? '';
  const body = item?.body === null || item?.body === undefined ? blankTexts() : { ...item.body };
  switch (kind) {
    case 'announcement':
      return { kind, url, pinned: item?.pinned ?? false };
    case 'slider':
    case 'blogroll':
      return { kind, url, image_url };
    case 'advertisement':
      return { kind, url, image_url, position: item?.position ?? 'home_banner' };
    case 'footer_link':
      return { kind, url, group: item?.group ?? null };
    case 'download':
      return {
        kind,
        url,
        platform: item?.platform ?? 'windows',
        category: item?.category ?? 'software',
        version: item?.version ?? '',
        checksum: item?.checksum ?? '',
        body,
      };
    case 'page':
      return { kind, slug: item?.slug ?? 'about', body };
    case 'event':
      return {
        kind,
        slug: item?.slug ?? '',
        blocks: (item?.blocks ?? []).map((block) => ({
          type: block.type,
          text: block.text === undefined ? blankTexts() : { ...block.text },
          image_url: block.image_url ?? '',
          machines: (block.machine_ids ?? []).join(', '),
          code: block.code ?? '',
        })),
      };
    default:
      return kind satisfies never;
  }
}

/** The form of a new item of `kind`: published, no window. */
export function emptyDraft(kind: ContentKind): ContentDraft {
  return {
    title: blankTexts(),
    sort: '0',
    published: true,
    starts_at: '',
    ends_at: '',
    fields: fieldsOf(kind),
  };
}

/** An ISO instant as a `datetime-local` value in the browser's zone (`''` for none). */
function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A `datetime-local` value as an ISO instant (`null` for blank). */
function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The form of an existing item. */
export function draftOf(item: AdminContentItem): ContentDraft {
  return {
    title: { ...item.title },
    sort: String(item.sort),
    published: item.published,
    starts_at: toLocalInput(item.starts_at),
    ends_at: toLocalInput(item.ends_at),
    fields: fieldsOf(item.kind, item),
  };
}

/** A trimmed text, or `null` when blank (to the server: not given). */
export const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const hasText = (texts: LocalizedTexts) => LANGUAGES.some((language) => texts[language].trim());

/** A block as the server takes it: the type's own fields only. */
function blockBody(block: BlockDraft): EventBlockInput {
  return {
    type: block.type,
    ...(block.type === 'machines'
      ? {
          machine_ids: block.machines
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        }
      : { text: block.text }),
    ...(block.type === 'banner' && block.image_url.trim() !== ''
      ? { image_url: block.image_url.trim() }
      : {}),
    ...(block.type === 'coupon' && block.code.trim() !== '' ? { code: block.code.trim() } : {}),
  };
}

/** The call's body of a draft: its kind's fields, every other field left out (null). */
export function bodyOf(draft: ContentDraft): ContentItemBody {
  const base: ContentItemBody = {
    slug: null,
    title: draft.title,
    body: null,
    url: null,
    image_url: null,
    position: null,
    group: null,
    pinned: false,
    platform: null,
    category: null,
    version: null,
    checksum: null,
    blocks: [],
    sort: Number(draft.sort) || 0,
    published: draft.published,
    starts_at: fromLocalInput(draft.starts_at),
    ends_at: fromLocalInput(draft.ends_at),
  };
  const { fields } = draft;
  switch (fields.kind) {
    case 'announcement':
      return { ...base, url: orNull(fields.url), pinned: fields.pinned };
    case 'slider':
    case 'blogroll':
      return { ...base, url: orNull(fields.url), image_url: orNull(fields.image_url) };
    case 'advertisement':
      return {
        ...base,
        url: orNull(fields.url),
        image_url: orNull(fields.image_url),
        position: orNull(fields.position),
      };
    case 'footer_link':
      return { ...base, url: orNull(fields.url), group: fields.group };
    case 'download':
      return {
        ...base,
        url: orNull(fields.url),
        body: hasText(fields.body) ? fields.body : null,
        platform: fields.platform,
        category: fields.category,
        version: orNull(fields.version),
        checksum: orNull(fields.checksum),
      };
    case 'page':
      return {
        ...base,
        slug: orNull(fields.slug),
        body: hasText(fields.body) ? fields.body : null,
      };
    case 'event':
      return { ...base, slug: orNull(fields.slug), blocks: fields.blocks.map(blockBody) };
    default:
      return fields satisfies never;
  }
}

/** The first non-blank title, for lists and dialogs. */
export function titleOf(item: { title: LocalizedTexts }): string {
  return LANGUAGES.map((language) => item.title[language]).find((text) => text.trim()) ?? '';
}

/** The props of a kind's form: its fields and their change. */
export interface KindFormProps<Kind extends ContentKind> {
  fields: FieldsOf<Kind>;
  onChange: (fields: FieldsOf<Kind>) => void;
}
