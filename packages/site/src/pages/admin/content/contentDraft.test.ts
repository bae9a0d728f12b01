import type { AdminContentItem } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, emptyDraft } from './contentDraft';

const TEXTS = { en: 'Miner catalogue', 'zh-CN': '', ru: '', ja: '', ko: '' };

function item(patch: Partial<AdminContentItem>): AdminContentItem {
  return {
    id: '1',
    kind: 'footer_link',
    slug: null,
    title: TEXTS,
    body: null,
    url: '/miners',
    image_url: null,
    position: null,
    group: null,
    pinned: false,
    platform: null,
    category: null,
    version: null,
    checksum: null,
    blocks: [],
    sort: 3,
    published: true,
    starts_at: null,
    ends_at: null,
    live: true,
    created_at: '2026-11-28T10:00:00Z',
    updated_at: '2026-11-28T10:00:00Z',
    ...patch,
  };
}

describe('contentDraft', () => {
  it("should send only an announcement's own fields", () => {
    const draft = emptyDraft('announcement');
    draft.title = TEXTS;
    if (draft.fields.kind !== 'announcement') throw new Error('announcement fields expected');
    draft.fields = { ...draft.fields, url: ' /pools ', pinned: true };
    const body = bodyOf(draft);
    // Every other kind's field goes as null.
    const given = Object.entries(body).filter(([, value]) => value !== null);
    expect(Object.fromEntries(given)).toEqual({
      title: TEXTS,
      url: '/pools',
      pinned: true,
      blocks: [],
      sort: 0,
      published: true,
    });
    expect(Object.keys(body)).toHaveLength(17);
  });

  it("should keep a footer link's column heading when it is saved again", () => {
    const group = { en: 'Tools', 'zh-CN': '工具', ru: '', ja: '', ko: '' };
    expect(bodyOf(draftOf(item({ group }))).group).toEqual(group);
  });

  it("should shape an event's blocks by their type", () => {
    const draft = draftOf(
      item({
        kind: 'event',
        slug: 'goldshell',
        url: null,
        blocks: [
          { type: 'machines', machine_ids: ['4', '9'] },
          { type: 'coupon', code: 'GOLDSHELL-KAS', text: TEXTS },
        ],
      }),
    );
    expect(bodyOf(draft)).toMatchObject({
      slug: 'goldshell',
      url: null,
      blocks: [
        { type: 'machines', machine_ids: ['4', '9'] },
        { type: 'coupon', code: 'GOLDSHELL-KAS', text: TEXTS },
      ],
    });
  });

  it("should leave a download's description out when every language is blank", () => {
    const draft = emptyDraft('download');
    expect(bodyOf(draft)).toMatchObject({ body: null, platform: 'windows', category: 'software' });
  });
});
