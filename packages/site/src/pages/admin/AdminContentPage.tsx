import {
  type AdminContentItem,
  CONTENT_KINDS,
  type ContentItemBody,
  type ContentKind,
  type DownloadCategory,
  type DownloadPlatform,
  type EditableSiteParameters,
  type EventBlockType,
  LANGUAGES,
  type Language,
  type LocalizedTexts,
} from '@poolkit/core';
import {
  AlertDialog,
  Button,
  Dialog,
  FormField,
  Input,
  Select,
  Switch,
  Tab,
  TabList,
  Table,
  TabPanel,
  Tabs,
} from '@poolkit/widgets';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import { Card, EmptyState, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';

const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  ru: 'Русский',
  ja: '日本語',
  ko: '한국어',
};

const PLATFORMS: readonly DownloadPlatform[] = ['windows', 'macos', 'linux', 'android', 'ios'];
const CATEGORIES: readonly DownloadCategory[] = ['app', 'software'];
const BLOCK_TYPES: readonly EventBlockType[] = ['banner', 'text', 'machines', 'coupon'];

/** The tabs: each kind of content, then the site parameters. */
type TabValue = ContentKind | 'parameters';

const blankTexts = (): LocalizedTexts => ({ en: '', 'zh-CN': '', ru: '', ja: '', ko: '' });

/** A block of an event as the form holds it (machine ids as typed). */
interface BlockDraft {
  type: EventBlockType;
  text: LocalizedTexts;
  image_url: string;
  machines: string;
  code: string;
}

/** The form's fields: what an operator types, before it is shaped for the call. */
interface Draft {
  slug: string;
  title: LocalizedTexts;
  body: LocalizedTexts;
  url: string;
  image_url: string;
  position: string;
  pinned: boolean;
  platform: DownloadPlatform;
  category: DownloadCategory;
  version: string;
  checksum: string;
  blocks: BlockDraft[];
  sort: string;
  published: boolean;
  starts_at: string;
  ends_at: string;
}

function emptyDraft(kind: ContentKind): Draft {
  return {
    slug: kind === 'page' ? 'about' : '',
    title: blankTexts(),
    body: blankTexts(),
    url: '',
    image_url: '',
    position: kind === 'advertisement' ? 'home_banner' : '',
    pinned: false,
    platform: 'windows',
    category: 'software',
    version: '',
    checksum: '',
    blocks: [],
    sort: '0',
    published: true,
    starts_at: '',
    ends_at: '',
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

function draftOf(item: AdminContentItem): Draft {
  return {
    ...emptyDraft(item.kind),
    slug: item.slug ?? '',
    title: { ...item.title },
    body: item.body === null ? blankTexts() : { ...item.body },
    url: item.url ?? '',
    image_url: item.image_url ?? '',
    position: item.position ?? '',
    pinned: item.pinned,
    platform: item.platform ?? 'windows',
    category: item.category ?? 'software',
    version: item.version ?? '',
    checksum: item.checksum ?? '',
    blocks: item.blocks.map((block) => ({
      type: block.type,
      text: block.text === undefined ? blankTexts() : { ...block.text },
      image_url: block.image_url ?? '',
      machines: (block.machine_ids ?? []).join(', '),
      code: block.code ?? '',
    })),
    sort: String(item.sort),
    published: item.published,
    starts_at: toLocalInput(item.starts_at),
    ends_at: toLocalInput(item.ends_at),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const hasText = (texts: LocalizedTexts) => LANGUAGES.some((language) => texts[language].trim());

/** The call's body for an item of `kind`: the kind's fields, the others left out (null). */
function bodyOf(kind: ContentKind, draft: Draft): ContentItemBody {
  const uses = (...kinds: ContentKind[]) => kinds.includes(kind);
  return {
    slug: uses('page', 'event') ? orNull(draft.slug) : null,
    title: draft.title,
    body: uses('download', 'page') && hasText(draft.body) ? draft.body : null,
    url: uses('announcement', 'slider', 'advertisement', 'footer_link', 'blogroll', 'download')
      ? orNull(draft.url)
      : null,
    image_url: uses('slider', 'advertisement', 'blogroll') ? orNull(draft.image_url) : null,
    position: uses('advertisement') ? orNull(draft.position) : null,
    pinned: uses('announcement') ? draft.pinned : false,
    platform: uses('download') ? draft.platform : null,
    category: uses('download') ? draft.category : null,
    version: uses('download') ? orNull(draft.version) : null,
    checksum: uses('download') ? orNull(draft.checksum) : null,
    blocks: uses('event')
      ? draft.blocks.map((block) => ({
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
          ...(block.type === 'coupon' && block.code.trim() !== ''
            ? { code: block.code.trim() }
            : {}),
        }))
      : [],
    sort: Number(draft.sort) || 0,
    published: draft.published,
    starts_at: fromLocalInput(draft.starts_at),
    ends_at: fromLocalInput(draft.ends_at),
  };
}

/** The first non-blank title, for lists and dialogs. */
function titleOf(item: { title: LocalizedTexts }): string {
  return LANGUAGES.map((language) => item.title[language]).find((text) => text.trim()) ?? '';
}

/** Five text inputs (or text areas) of one field, one per language. */
function LanguageFields({
  texts,
  label,
  multiline = false,
  onChange,
}: {
  texts: LocalizedTexts;
  label: (language: string) => string;
  multiline?: boolean;
  onChange: (texts: LocalizedTexts) => void;
}) {
  return (
    <>
      {LANGUAGES.map((language) => (
        <div key={language} className={multiline ? styles.wide : undefined}>
          <FormField label={label(LANGUAGE_NAMES[language])}>
            {multiline ? (
              <textarea
                className={uiStyles.textArea}
                lang={language}
                value={texts[language]}
                onChange={(event) => onChange({ ...texts, [language]: event.target.value })}
              />
            ) : (
              <Input
                lang={language}
                value={texts[language]}
                autoComplete="off"
                onChange={(event) => onChange({ ...texts, [language]: event.target.value })}
              />
            )}
          </FormField>
        </div>
      ))}
    </>
  );
}

/** The list of one kind and its add, edit and delete dialogs. */
function KindPanel({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<AdminContentItem | null>(null);
  const [busy, setBusy] = useState(false);
  const items = useApiData(
    async (signal) => (await api.adminContentItems({ params: { kind } }, { signal })).list,
    [kind, version],
  );
  const kindName = t(`content.kind_${kind}`);

  function update(patch: Partial<Draft>) {
    if (editing !== null) setEditing({ ...editing, draft: { ...editing.draft, ...patch } });
  }

  function text(
    key: 'url' | 'image_url' | 'position' | 'version' | 'checksum' | 'slug',
    label: string,
  ) {
    if (editing === null) return null;
    return (
      <FormField label={label}>
        <Input
          value={editing.draft[key]}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => update({ [key]: event.target.value })}
        />
      </FormField>
    );
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (editing === null) return;
    const body = bodyOf(kind, editing.draft);
    setBusy(true);
    try {
      if (editing.id === null) await api.createContentItem({ params: { kind }, body });
      else await api.updateContentItem({ params: { kind, id: editing.id }, body });
      showMessage(t('content.saved'), 'success');
      setEditing(null);
      setVersion((value) => value + 1);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  async function remove(item: AdminContentItem) {
    try {
      await api.deleteContentItem({ params: { kind, id: item.id } });
      showMessage(t('content.deleted'), 'success');
      setVersion((value) => value + 1);
    } catch (error) {
      reportError(error);
    }
  }

  function windowText(item: AdminContentItem): string {
    const start = item.starts_at === null ? null : dateTime(item.starts_at);
    const end = item.ends_at === null ? null : dateTime(item.ends_at);
    if (start === null && end === null) return t('content.windowAlways');
    if (end === null) return t('content.windowFrom', { start });
    if (start === null) return t('content.windowUntil', { end });
    return t('content.windowBetween', { start, end });
  }

  function blockEditor(draft: Draft): ReactNode {
    const setBlock = (index: number, patch: Partial<BlockDraft>) =>
      update({
        blocks: draft.blocks.map((block, at) => (at === index ? { ...block, ...patch } : block)),
      });
    return (
      <fieldset className={styles.wide}>
        <legend>{t('content.blocks')}</legend>
        {draft.blocks.map((block, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; their order is their identity.
          <div key={index} className={styles.formGrid}>
            <h3 className={styles.wide}>
              {t('content.blockHeading', {
                index: index + 1,
                type: t(`content.block_${block.type}`),
              })}
            </h3>
            {block.type === 'banner' ? (
              <FormField label={t('content.fieldImage')}>
                <Input
                  value={block.image_url}
                  spellCheck={false}
                  onChange={(event) => setBlock(index, { image_url: event.target.value })}
                />
              </FormField>
            ) : null}
            {block.type === 'machines' ? (
              <div className={styles.wide}>
                <FormField label={t('content.fieldMachines')}>
                  <Input
                    value={block.machines}
                    spellCheck={false}
                    onChange={(event) => setBlock(index, { machines: event.target.value })}
                  />
                </FormField>
              </div>
            ) : null}
            {block.type === 'coupon' ? (
              <FormField label={t('content.fieldCode')}>
                <Input
                  value={block.code}
                  spellCheck={false}
                  onChange={(event) => setBlock(index, { code: event.target.value })}
                />
              </FormField>
            ) : null}
            {block.type === 'machines' ? null : (
              <LanguageFields
                texts={block.text}
                multiline={block.type === 'text'}
                label={(language) => t('content.fieldBody', { language })}
                onChange={(value) => setBlock(index, { text: value })}
              />
            )}
            <div className={styles.actions}>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => update({ blocks: draft.blocks.filter((_, at) => at !== index) })}
              >
                {t('content.removeBlock', { index: index + 1 })}
              </Button>
            </div>
          </div>
        ))}
        <div className={uiStyles.row}>
          {BLOCK_TYPES.map((type) => (
            <Button
              key={type}
              size="sm"
              variant="secondary"
              onClick={() =>
                update({
                  blocks: [
                    ...draft.blocks,
                    { type, text: blankTexts(), image_url: '', machines: '', code: '' },
                  ],
                })
              }
            >
              {t('content.addBlock', { type: t(`content.block_${type}`) })}
            </Button>
          ))}
        </div>
      </fieldset>
    );
  }

  const draft = editing?.draft;
  return (
    <>
      <div className={styles.filters}>
        <Button onClick={() => setEditing({ id: null, draft: emptyDraft(kind) })}>
          {t('content.newItemTitle', { kind: kindName })}
        </Button>
      </div>
      <Table<AdminContentItem>
        caption={t('content.itemsCaption', { kind: kindName })}
        rows={items.status === 'ready' ? items.data : []}
        getRowKey={(row) => row.id}
        loading={items.status === 'loading'}
        density="compact"
        labels={{ empty: t('content.noItems') }}
        error={
          items.status === 'error' ? <EmptyState text={t('site.common.loadFailed')} /> : undefined
        }
        columns={[
          { key: 'sort', header: '#', numeric: true, cell: (row) => row.sort },
          {
            key: 'title',
            header: t('content.columnTitle'),
            cell: (row) => (
              <span>
                {titleOf(row)}
                {row.slug === null ? null : <code className={styles.code}> {row.slug}</code>}
              </span>
            ),
          },
          {
            key: 'state',
            header: t('content.columnState'),
            cell: (row) =>
              t(
                row.live
                  ? 'content.stateLive'
                  : row.published
                    ? 'content.stateOutside'
                    : 'content.stateDraft',
              ),
          },
          { key: 'window', header: t('content.columnWindow'), cell: windowText },
          {
            key: 'actions',
            header: t('content.edit'),
            cell: (row) => (
              <span className={uiStyles.row}>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('content.editItem', { title: titleOf(row) })}
                  onClick={() => setEditing({ id: row.id, draft: draftOf(row) })}
                >
                  {t('content.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('content.deleteItem', { title: titleOf(row) })}
                  onClick={() => setDeleting(row)}
                >
                  {t('content.delete')}
                </Button>
              </span>
            ),
          },
        ]}
      />

      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        tone="danger"
        title={t('content.delete')}
        description={t('content.confirmDelete', {
          title: deleting === null ? '' : titleOf(deleting),
        })}
        showCancel
        labels={{ action: t('content.delete') }}
        onAction={() => {
          if (deleting !== null) void remove(deleting);
        }}
      />

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={
          editing === null || editing.id === null
            ? t('content.newItemTitle', { kind: kindName })
            : t('content.editItem', { title: titleOf(editing.draft) })
        }
      >
        {editing === null || draft === undefined ? null : (
          <form noValidate onSubmit={(event) => void save(event)}>
            <div className={styles.formGrid}>
              {kind === 'page' ? (
                <FormField label={t('content.fieldPage')}>
                  <Select
                    value={draft.slug}
                    onValueChange={(slug) => update({ slug })}
                    options={['about', 'terms'].map((slug) => ({
                      value: slug,
                      label: t(`content.page_${slug}`),
                    }))}
                  />
                </FormField>
              ) : null}
              {kind === 'event' ? text('slug', t('content.fieldSlug')) : null}
              <LanguageFields
                texts={draft.title}
                label={(language) => t('content.fieldTitle', { language })}
                onChange={(title) => update({ title })}
              />
              {kind === 'download' ? (
                <>
                  <FormField label={t('content.fieldCategory')}>
                    <Select
                      value={draft.category}
                      onValueChange={(category) =>
                        update({ category: category as DownloadCategory })
                      }
                      options={CATEGORIES.map((value) => ({
                        value,
                        label: t(`content.category_${value}`),
                      }))}
                    />
                  </FormField>
                  <FormField label={t('content.fieldPlatform')}>
                    <Select
                      value={draft.platform}
                      onValueChange={(platform) =>
                        update({ platform: platform as DownloadPlatform })
                      }
                      options={PLATFORMS.map((value) => ({
                        value,
                        label: t(`content.platform_${value}`),
                      }))}
                    />
                  </FormField>
                  {text('version', t('content.fieldVersion'))}
                  {text('checksum', t('content.fieldChecksum'))}
                </>
              ) : null}
              {kind === 'advertisement' ? text('position', t('content.fieldPosition')) : null}
              {kind === 'slider' || kind === 'advertisement' || kind === 'blogroll'
                ? text('image_url', t('content.fieldImage'))
                : null}
              {kind === 'page' || kind === 'event' ? null : text('url', t('content.fieldUrl'))}
              {kind === 'download' || kind === 'page' ? (
                <LanguageFields
                  texts={draft.body}
                  multiline
                  label={(language) => t('content.fieldBody', { language })}
                  onChange={(body) => update({ body })}
                />
              ) : null}
              {kind === 'event' ? blockEditor(draft) : null}
              <FormField label={t('content.fieldSort')}>
                <Input
                  value={draft.sort}
                  inputMode="numeric"
                  onChange={(event) => update({ sort: event.target.value })}
                />
              </FormField>
              <FormField label={t('content.fieldStarts')}>
                <Input
                  type="datetime-local"
                  value={draft.starts_at}
                  onChange={(event) => update({ starts_at: event.target.value })}
                />
              </FormField>
              <FormField label={t('content.fieldEnds')}>
                <Input
                  type="datetime-local"
                  value={draft.ends_at}
                  onChange={(event) => update({ ends_at: event.target.value })}
                />
              </FormField>
              {kind === 'announcement' ? (
                <Switch checked={draft.pinned} onCheckedChange={(pinned) => update({ pinned })}>
                  {t('content.fieldPinned')}
                </Switch>
              ) : null}
              <Switch
                checked={draft.published}
                onCheckedChange={(published) => update({ published })}
              >
                {t('content.fieldPublished')}
              </Switch>
            </div>
            <div className={styles.actions}>
              <Button type="submit" loading={busy}>
                {t('content.save')}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}

/** The site parameters form. */
function ParametersPanel() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [draft, setDraft] = useState<Record<keyof EditableSiteParameters, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const loaded = useApiData(async (signal) => {
    const parameters = await api.adminSiteParameters({}, { signal });
    setDraft({
      support_email: parameters.support_email ?? '',
      wechat_qr_url: parameters.wechat_qr_url ?? '',
      android_download_url: parameters.android_download_url ?? '',
      ios_download_url: parameters.ios_download_url ?? '',
    });
    return parameters;
  }, []);
  if (loaded.status === 'error') return <EmptyState text={t('site.common.loadFailed')} />;
  if (draft === null) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    setBusy(true);
    try {
      await api.updateSiteParameters({
        body: {
          support_email: orNull(draft.support_email),
          wechat_qr_url: orNull(draft.wechat_qr_url),
          android_download_url: orNull(draft.android_download_url),
          ios_download_url: orNull(draft.ios_download_url),
        },
      });
      showMessage(t('content.saved'), 'success');
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  const fields: [keyof EditableSiteParameters, string][] = [
    ['support_email', t('content.fieldSupportEmail')],
    ['wechat_qr_url', t('content.fieldWechatQr')],
    ['android_download_url', t('content.fieldAndroidUrl')],
    ['ios_download_url', t('content.fieldIosUrl')],
  ];
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <div className={styles.formGrid}>
        {fields.map(([key, label]) => (
          <FormField key={key} label={label}>
            <Input
              value={draft[key]}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
            />
          </FormField>
        ))}
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={busy}>
          {t('content.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * `/admin/content`: everything visitors read on the site, a tab per kind (announcements,
 * slides, advertisements, footer links, blogroll, downloads, the about and terms pages, event
 * pages) and one for the site parameters. Each tab lists its items, drafts included, with
 * their state (live, draft, published outside its window) and window, and opens a form to add
 * or change one: texts in the five languages, the kind's fields, order, publish window and the
 * published switch. The server checks every field and audits each change; a change shows on
 * the public pages at once.
 */
export function Component() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabValue>('announcement');
  const tabs: TabValue[] = [...CONTENT_KINDS, 'parameters'];
  return (
    <AdminFrame current="AdminContent">
      <Card title={t('site.routes.AdminContent')}>
        <p className={uiStyles.muted}>{t('content.adminIntro')}</p>
        <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
          <TabList aria-label={t('content.kinds')}>
            {tabs.map((value) => (
              <Tab key={value} value={value}>
                {value === 'parameters' ? t('content.parameters') : t(`content.kind_${value}`)}
              </Tab>
            ))}
          </TabList>
          {tabs.map((value) => (
            <TabPanel key={value} value={value}>
              {value === tab ? (
                value === 'parameters' ? (
                  <ParametersPanel />
                ) : (
                  <KindPanel kind={value} />
                )
              ) : null}
            </TabPanel>
          ))}
        </Tabs>
      </Card>
    </AdminFrame>
  );
}
