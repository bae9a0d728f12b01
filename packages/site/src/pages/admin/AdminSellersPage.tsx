import type { AdminSeller, SellerBody } from '@poolkit/core';
import { AlertDialog, Button, Dialog, FormField, Input, Select, Table } from '@poolkit/widgets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { Card, EmptyState, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';

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
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<AdminSeller | null>(null);
  const [busy, setBusy] = useState(false);
  const sellers = useApiData(
    async (signal) => api.adminSellers({ query: { machine_id: machine } }, { signal }),
    [machine, version],
  );
  const machines = sellers.status === 'ready' ? sellers.data.machines : [];

  function update(patch: Partial<Draft>) {
    if (editing !== null) setEditing({ ...editing, draft: { ...editing.draft, ...patch } });
  }

  function field(key: Exclude<keyof Draft, 'machine_id'>, label: string, hint?: string) {
    if (editing === null) return null;
    return (
      <FormField label={label} required={key === 'store'} hint={hint}>
        <Input
          value={editing.draft[key]}
          inputMode={key === 'price' ? 'decimal' : key === 'stock' ? 'numeric' : undefined}
          autoComplete="off"
          onChange={(event) => update({ [key]: event.target.value })}
        />
      </FormField>
    );
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (editing === null) return;
    const body = bodyOf(editing.draft);
    setBusy(true);
    try {
      const saved =
        editing.id === null
          ? await api.createSeller({ body })
          : await api.updateSeller({ params: { id: editing.id }, body });
      showMessage(t('site.sellers.saved', { store: saved.store }), 'success');
      setEditing(null);
      setVersion((value) => value + 1);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  async function remove(seller: AdminSeller) {
    try {
      await api.deleteSeller({ params: { id: seller.id } });
      showMessage(t('site.sellers.deleted'), 'success');
      setVersion((value) => value + 1);
    } catch (error) {
      reportError(error);
    }
  }

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
              setEditing({
                id: null,
                draft: {
                  machine_id: machine || (machines[0]?.id ?? ''),
                  store: '',
                  country_region: '',
                  price: '',
                  stock: '',
                  url: '',
                },
              })
            }
          >
            {t('site.sellers.newSeller')}
          </Button>
        </div>
        <Table<AdminSeller>
          caption={t('site.sellers.caption')}
          rows={sellers.status === 'ready' ? sellers.data.list : []}
          getRowKey={(row) => row.id}
          loading={sellers.status === 'loading'}
          density="compact"
          labels={{ empty: t('site.sellers.none') }}
          error={
            sellers.status === 'error' ? (
              <EmptyState text={t('site.common.loadFailed')} />
            ) : undefined
          }
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
                <span className={uiStyles.row}>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('site.sellers.editSeller', { store: row.store })}
                    onClick={() => setEditing({ id: row.id, draft: draftOf(row) })}
                  >
                    {t('site.sellers.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('site.sellers.deleteSeller', { store: row.store })}
                    onClick={() => setDeleting(row)}
                  >
                    {t('site.sellers.delete')}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      </Card>

      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        tone="danger"
        title={t('site.sellers.delete')}
        description={t('site.sellers.confirmDelete', {
          store: deleting?.store ?? '',
          machine: deleting?.machine_name ?? '',
        })}
        showCancel
        labels={{ action: t('site.sellers.delete') }}
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
            ? t('site.sellers.newSeller')
            : t('site.sellers.editSeller', { store: editing.draft.store })
        }
      >
        {editing === null ? null : (
          <form noValidate onSubmit={(event) => void save(event)}>
            <div className={styles.formGrid}>
              <FormField label={t('site.sellers.machine')} required>
                <Select
                  value={editing.draft.machine_id}
                  onValueChange={(machine_id) => update({ machine_id })}
                  options={machines.map((option) => ({ value: option.id, label: option.name }))}
                />
              </FormField>
              {field('store', t('site.sellers.store'))}
              {field('country_region', t('site.sellers.region'))}
              {field('price', t('site.sellers.price'), t('site.sellers.priceHint'))}
              {field('stock', t('site.sellers.stock'), t('site.sellers.stockHint'))}
              {field('url', t('site.sellers.link'), t('site.sellers.linkHint'))}
            </div>
            <div className={styles.actions}>
              <Button type="submit" loading={busy}>
                {t('site.sellers.save')}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </AdminFrame>
  );
}
