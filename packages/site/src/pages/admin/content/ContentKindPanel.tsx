import type { AdminContentItem, ContentKind } from '@poolkit/core';
import { Button, FormField, Input, Switch } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { dateTime } from '../../../app/format';
import { useServices } from '../../../app/servicesContext';
import { useEndpoint } from '../../../app/useApiData';
import * as styles from '../admin.css';
import { DeleteDialog, EditDialog, RowActions, useEditor } from '../EditDialog';
import { LanguageFields } from '../LanguageFields';
import { ReviewTable } from '../ReviewTable';
import { AdvertisementFields } from './AdvertisementFields';
import { AnnouncementFields } from './AnnouncementFields';
import {
  bodyOf,
  type ContentDraft,
  draftOf,
  emptyDraft,
  type KindFields,
  titleOf,
} from './contentDraft';
import { DownloadFields } from './DownloadFields';
import { EventFields } from './EventFields';
import { FooterLinkFields } from './FooterLinkFields';
import { PageFields } from './PageFields';
import { PictureLinkFields } from './PictureLinkFields';

/** The form of a kind's own fields, picked by the kind. */
function KindForm({
  fields,
  onChange,
}: {
  fields: KindFields;
  onChange: (fields: KindFields) => void;
}) {
  switch (fields.kind) {
    case 'announcement':
      return <AnnouncementFields fields={fields} onChange={onChange} />;
    case 'slider':
    case 'blogroll':
      return <PictureLinkFields fields={fields} onChange={onChange} />;
    case 'advertisement':
      return <AdvertisementFields fields={fields} onChange={onChange} />;
    case 'footer_link':
      return <FooterLinkFields fields={fields} onChange={onChange} />;
    case 'download':
      return <DownloadFields fields={fields} onChange={onChange} />;
    case 'page':
      return <PageFields fields={fields} onChange={onChange} />;
    case 'event':
      return <EventFields fields={fields} onChange={onChange} />;
    default:
      return fields satisfies never;
  }
}

/** The fields every kind shares after its own: order, publish window, published switch. */
function PublishFields({
  draft,
  update,
}: {
  draft: ContentDraft;
  update: (patch: Partial<ContentDraft>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
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
      <Switch checked={draft.published} onCheckedChange={(published) => update({ published })}>
        {t('content.fieldPublished')}
      </Switch>
    </>
  );
}

/** The list of one kind, drafts included, and its add, edit and delete dialogs. */
export function ContentKindPanel({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [deleting, setDeleting] = useState<AdminContentItem | null>(null);
  const items = useEndpoint('adminContentItems', { params: { kind } });
  const kindName = t(`content.kind_${kind}`);
  const editor = useEditor<ContentDraft>(async (id, draft) => {
    const body = bodyOf(draft);
    if (id === null) await api.createContentItem({ params: { kind }, body });
    else await api.updateContentItem({ params: { kind, id }, body });
    showMessage(t('content.saved'), 'success');
  });

  function windowText(item: AdminContentItem): string {
    const start = item.starts_at === null ? null : dateTime(item.starts_at);
    const end = item.ends_at === null ? null : dateTime(item.ends_at);
    if (start === null && end === null) return t('content.windowAlways');
    if (end === null) return t('content.windowFrom', { start });
    if (start === null) return t('content.windowUntil', { end });
    return t('content.windowBetween', { start, end });
  }

  const { editing } = editor;
  return (
    <>
      <div className={styles.filters}>
        <Button onClick={() => editor.open(null, emptyDraft(kind))}>
          {t('content.newItemTitle', { kind: kindName })}
        </Button>
      </div>
      <ReviewTable
        caption={t('content.itemsCaption', { kind: kindName })}
        data={items}
        rows={(answer) => answer.list}
        rowKey={(row) => row.id}
        emptyText={t('content.noItems')}
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
              <RowActions
                editText={t('content.edit')}
                editLabel={t('content.editItem', { title: titleOf(row) })}
                onEdit={() => editor.open(row.id, draftOf(row))}
                deleteText={t('content.delete')}
                deleteLabel={t('content.deleteItem', { title: titleOf(row) })}
                onDelete={() => setDeleting(row)}
              />
            ),
          },
        ]}
      />

      <DeleteDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title={t('content.delete')}
        description={(row) => t('content.confirmDelete', { title: titleOf(row) })}
        remove={async (row) => {
          await api.deleteContentItem({ params: { kind, id: row.id } });
          showMessage(t('content.deleted'), 'success');
        }}
      />

      <EditDialog
        editor={editor}
        title={
          editing === null || editing.id === null
            ? t('content.newItemTitle', { kind: kindName })
            : t('content.editItem', { title: titleOf(editing.draft) })
        }
        saveText={t('content.save')}
      >
        {(draft) => (
          <>
            <LanguageFields
              texts={draft.title}
              label={(language) => t('content.fieldTitle', { language })}
              onChange={(title) => editor.update({ title })}
            />
            <KindForm fields={draft.fields} onChange={(fields) => editor.update({ fields })} />
            <PublishFields draft={draft} update={editor.update} />
          </>
        )}
      </EditDialog>
    </>
  );
}
