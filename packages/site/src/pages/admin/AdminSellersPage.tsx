import type { AdminSeller, SellerBody } from '@poolkit/core';
import { Button, FormField, Input, Select } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { Card, uiStyles } from '../../app/ui';
import { useEndpoint } from '../../app/useApiData';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';
import { DeleteDialog, EditDialog, RowActions, useEditor } from './EditDialog';
import { ReviewTable } from './ReviewTable';

/** The form's fields as the operator types them, before they are parsed. */
interface Draft {
  machine_id: string;
  store: string;
  country_region: string;
  price: string;
  stock: string;
  url: string;
}

function draftOf(seller: AdminSeller): Draft {
  return {
    machine_id: seller.machine_id,
    store: seller.store,
    country_region: seller.country_region,
    price: seller.price ?? '',
    stock: seller.stock === null ? '' : String(seller.stock),
    url: seller.url ?? '',
  };
}

/**
 * The body the server checks: a blank price is "on request", a blank stock "unknown". Numbers
 * the operator mistyped go as typed, so the server's answer names the field.
 */
function bodyOf(draft: Draft): SellerBody {
  const stock = draft.stock.trim();
  return {
    machine_id: draft.machine_id,
    store: draft.store,
    country_region: draft.country_region,
    price: draft.price.trim() === '' ? null : draft.price.trim(),
    stock: (stock === '' ? null : Number.isNaN(Number(stock)) ? stock : Number(stock)) as
      | number
      | null,
    url: draft.url.trim(),
  };
}

/**
 * `/admin/sellers`: the shops the Sales page lists for each catalogue machine (store, country
 * or region, price in CNY, stock, link), filtered by machine, with a form to add or change one
 * and a confirmed delete. The server checks every field and audits each change; the Sales page
 * shows it at once.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [machine, setMachine] = useState('');
  const [deleting, setDeleting] = useState<AdminSeller | null>(null);
  const sellers = useEndpoint('adminSellers', { query: { machine_id: machine } });
  const machines = sellers.status === 'ready' ? sellers.data.machines : [];
  const editor = useEditor<Draft>(async (id, draft) => {
    const body = bodyOf(draft);
    const saved =
      id === null
        ? await api.createSeller({ body })
        : await api.updateSeller({ params: { id }, body });
    showMessage(t('site.sellers.saved', { store: saved.store }), 'success');
  });

  function field(
    draft: Draft,
    key: Exclude<keyof Draft, 'machine_id'>,
    label: string,
    hint?: string,
  ) {
    return (
      <FormField label={label} required={key === 'store'} hint={hint}>
        <Input
          value={draft[key]}
          inputMode={key === 'price' ? 'decimal' : key === 'stock' ? 'numeric' : undefined}
          autoComplete="off"
          onChange={(event) => editor.update({ [key]: event.target.value })}
        />
      </FormField>
    );
  }

  const { editing } = editor;
  return (
    <AdminFrame current="AdminSellers">
      <Card title={t('site.routes.AdminSellers')}>
        <p className={uiStyles.muted}>{t('site.sellers.intro')}</p>
        <div className={styles.filters}>
          <FormField label={t('site.sellers.filter')}>
            <Select
              value={machine}
              onValueChange={setMachine}
              options={[
                { value: '', label: t('site.sellers.allMachines') },
                ...machines.map((option) => ({ value: option.id, label: option.name })),
              ]}
            />
          </FormField>
          <Button
            disabled={machines.length === 0}
            onClick={() =>
              editor.open(null, {
                machine_id: machine || (machines[0]?.id ?? ''),
                store: '',
                country_region: '',
                price: '',
                stock: '',
                url: '',
              })
            }
          >
            {t('site.sellers.newSeller')}
          </Button>
        </div>
        <ReviewTable
          caption={t('site.sellers.caption')}
          data={sellers}
          rows={(answer) => answer.list}
          rowKey={(row) => row.id}
          emptyText={t('site.sellers.none')}
          columns={[
            { key: 'machine', header: t('site.sellers.machine'), cell: (row) => row.machine_name },
            { key: 'store', header: t('site.sellers.store'), cell: (row) => row.store },
            { key: 'region', header: t('site.sellers.region'), cell: (row) => row.country_region },
            {
              key: 'price',
              header: t('site.sellers.price'),
              numeric: true,
              cell: (row) => row.price ?? t('site.sellers.onRequest'),
            },
            {
              key: 'stock',
              header: t('site.sellers.stock'),
              numeric: true,
              cell: (row) => (row.stock === null ? t('site.sellers.unknown') : row.stock),
            },
            {
              key: 'link',
              header: t('site.sellers.link'),
              cell: (row) =>
                row.url === null ? (
                  '—'
                ) : (
                  <a href={row.url} target="_blank" rel="noopener noreferrer">
                    {t('site.sellers.open')}
                  </a>
                ),
            },
            {
              key: 'actions',
              header: t('site.sellers.edit'),
              cell: (row) => (
                <RowActions
                  editText={t('site.sellers.edit')}
                  editLabel={t('site.sellers.editSeller', { store: row.store })}
                  onEdit={() => editor.open(row.id, draftOf(row))}
                  deleteText={t('site.sellers.delete')}
                  deleteLabel={t('site.sellers.deleteSeller', { store: row.store })}
                  onDelete={() => setDeleting(row)}
                />
              ),
            },
          ]}
        />
      </Card>

      <DeleteDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title={t('site.sellers.delete')}
        description={(row) =>
          t('site.sellers.confirmDelete', { store: row.store, machine: row.machine_name })
        }
        remove={async (row) => {
          await api.deleteSeller({ params: { id: row.id } });
          showMessage(t('site.sellers.deleted'), 'success');
        }}
      />

      <EditDialog
        editor={editor}
        title={
          editing === null || editing.id === null
            ? t('site.sellers.newSeller')
            : t('site.sellers.editSeller', { store: editing.draft.store })
        }
        saveText={t('site.sellers.save')}
      >
        {(draft) => (
          <>
            <FormField label={t('site.sellers.machine')} required>
              <Select
                value={draft.machine_id}
                onValueChange={(machine_id) => editor.update({ machine_id })}
                options={machines.map((option) => ({ value: option.id, label: option.name }))}
              />
            </FormField>
            {field(draft, 'store', t('site.sellers.store'))}
            {field(draft, 'country_region', t('site.sellers.region'))}
            {field(draft, 'price', t('site.sellers.price'), t('site.sellers.priceHint'))}
            {field(draft, 'stock', t('site.sellers.stock'), t('site.sellers.stockHint'))}
            {field(draft, 'url', t('site.sellers.link'), t('site.sellers.linkHint'))}
          </>
        )}
      </EditDialog>
    </AdminFrame>
  );
}
