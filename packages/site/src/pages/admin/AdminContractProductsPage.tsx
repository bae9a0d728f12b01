import {
  type AdminContractProduct,
  COIN_IDS,
  type ContractProductInput,
  type ContractTerms,
  PAGE_SIZE,
} from '@poolkit/core';
import { Button, Dialog, FormField, Input, Select, Switch, Table } from '@poolkit/widgets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { hashrate } from '../../app/format';
import { Pager } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { Card, EmptyState, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';

const LANGUAGES = ['en', 'zh-CN', 'ru', 'ja', 'ko'] as const;
const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  'zh-CN': '简体中文',
  ru: 'Русский',
  ja: '日本語',
  ko: '한국어',
};

/** The form's text fields: what an operator types, before it is parsed. */
interface Draft {
  name: string;
  coin: string;
  miner: string;
  power: string;
  price: string;
  electricity_fee: string;
  management_fee_percent: string;
  duration_days: string;
  effective_delay_days: string;
  inventory: string;
  pay_address: string;
  terms: ContractTerms;
  on_sale: boolean;
}

const EMPTY: Draft = {
  name: '',
  coin: 'btc',
  miner: '',
  power: '',
  price: '',
  electricity_fee: '0',
  management_fee_percent: '0',
  duration_days: '30',
  effective_delay_days: '1',
  inventory: '0',
  pay_address: '',
  terms: { en: '', 'zh-CN': '', ru: '', ja: '', ko: '' },
  on_sale: true,
};

function draftOf(product: AdminContractProduct): Draft {
  return {
    name: product.name,
    coin: product.coin,
    miner: product.miner,
    power: String(product.power),
    price: product.price,
    electricity_fee: product.electricity_fee,
    management_fee_percent: product.management_fee_percent,
    duration_days: String(product.duration_days),
    effective_delay_days: String(product.effective_delay_days),
    inventory: String(product.inventory),
    pay_address: product.pay_address,
    terms: product.terms,
    on_sale: product.on_sale,
  };
}

/**
 * `/admin/contracts`: the contract products, on sale or not, and a form to add or change one
 * (coin, machine model of the catalogue, hashrate per unit, price, fees, duration, T+n, stock,
 * pay address, terms in five languages, on sale). The server checks every field and audits
 * each change; its refusals show under the form.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const [busy, setBusy] = useState(false);
  const products = useApiData(
    async (signal) =>
      api.adminContractProducts({ query: { page, page_size: PAGE_SIZE } }, { signal }),
    [page, version],
  );

  function field(key: Exclude<keyof Draft, 'terms' | 'on_sale'>, label: string, numeric = false) {
    if (editing === null) return null;
    return (
      <FormField label={label} required>
        <Input
          value={editing.draft[key]}
          inputMode={numeric ? 'decimal' : undefined}
          autoComplete="off"
          onChange={(event) =>
            setEditing({ ...editing, draft: { ...editing.draft, [key]: event.target.value } })
          }
        />
      </FormField>
    );
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (editing === null) return;
    const { draft } = editing;
    const body = {
      ...draft,
      name: draft.name.trim(),
      miner: draft.miner.trim(),
      pay_address: draft.pay_address.trim(),
      power: Number(draft.power),
      duration_days: Number(draft.duration_days),
      effective_delay_days: Number(draft.effective_delay_days),
      inventory: Number(draft.inventory),
    } as ContractProductInput;
    setBusy(true);
    try {
      const saved =
        editing.id === null
          ? await api.createContractProduct({ body })
          : await api.updateContractProduct({ params: { id: editing.id }, body });
      showMessage(t('contracts.admin.saved', { name: saved.name }), 'success');
      setEditing(null);
      setVersion((value) => value + 1);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminFrame current="AdminContractProducts">
      <Card title={t('site.routes.AdminContractProducts')}>
        <p className={uiStyles.muted}>{t('contracts.admin.productsIntro')}</p>
        <div className={styles.filters}>
          <Button onClick={() => setEditing({ id: null, draft: EMPTY })}>
            {t('contracts.admin.newProduct')}
          </Button>
        </div>
        <Table<AdminContractProduct>
          caption={t('contracts.admin.productsCaption')}
          rows={products.status === 'ready' ? products.data.list : []}
          getRowKey={(row) => row.id}
          loading={products.status === 'loading'}
          density="compact"
          labels={{ empty: t('contracts.admin.noProducts') }}
          error={
            products.status === 'error' ? (
              <EmptyState text={t('site.common.loadFailed')} />
            ) : undefined
          }
          columns={[
            { key: 'id', header: '#', cell: (row) => row.id },
            { key: 'name', header: t('contracts.admin.name'), cell: (row) => row.name },
            { key: 'miner', header: t('contracts.product.miner'), cell: (row) => row.miner },
            {
              key: 'power',
              header: t('contracts.product.power'),
              numeric: true,
              cell: (row) => hashrate(row.power, row.coin),
            },
            {
              key: 'price',
              header: t('contracts.product.price'),
              numeric: true,
              cell: (row) => `${row.price} ${row.currency}`,
            },
            {
              key: 'inventory',
              header: t('contracts.product.inventory'),
              numeric: true,
              cell: (row) => row.inventory,
            },
            {
              key: 'sale',
              header: t('contracts.admin.onSale'),
              cell: (row) =>
                t(row.on_sale ? 'contracts.product.onSale' : 'contracts.product.offShelf'),
            },
            {
              key: 'edit',
              header: t('contracts.admin.edit'),
              cell: (row) => (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('contracts.admin.editProduct', { name: row.name })}
                  onClick={() => setEditing({ id: row.id, draft: draftOf(row) })}
                >
                  {t('contracts.admin.edit')}
                </Button>
              ),
            },
          ]}
        />
        {products.status === 'ready' && products.data.total > products.data.page_size ? (
          <Pager
            page={page}
            pageSize={products.data.page_size}
            total={products.data.total}
            onPageChange={setPage}
          />
        ) : null}
      </Card>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={
          editing === null || editing.id === null
            ? t('contracts.admin.newProduct')
            : t('contracts.admin.editProduct', { name: editing.draft.name })
        }
      >
        {editing === null ? null : (
          <form noValidate onSubmit={(event) => void save(event)}>
            <div className={styles.formGrid}>
              {field('name', t('contracts.admin.name'))}
              <FormField label={t('contracts.admin.coin')} required>
                <Select
                  value={editing.draft.coin}
                  onValueChange={(coin) =>
                    setEditing({ ...editing, draft: { ...editing.draft, coin } })
                  }
                  options={COIN_IDS.map((coin) => ({ value: coin, label: coin.toUpperCase() }))}
                />
              </FormField>
              {field('miner', t('contracts.product.miner'))}
              {field('power', t('contracts.admin.power'), true)}
              {field('price', t('contracts.product.price'), true)}
              {field('electricity_fee', t('contracts.admin.electricity'), true)}
              {field('management_fee_percent', t('contracts.admin.management'), true)}
              {field('duration_days', t('contracts.admin.duration'), true)}
              {field('effective_delay_days', t('contracts.admin.delay'), true)}
              {field('inventory', t('contracts.admin.inventory'), true)}
              {field('pay_address', t('contracts.admin.payAddress'))}
              {LANGUAGES.map((language) => (
                <div key={language} className={styles.wide}>
                  <FormField
                    label={t('contracts.admin.termsIn', { language: LANGUAGE_NAMES[language] })}
                  >
                    <textarea
                      className={uiStyles.textArea}
                      value={editing.draft.terms[language]}
                      onChange={(event) =>
                        setEditing({
                          ...editing,
                          draft: {
                            ...editing.draft,
                            terms: { ...editing.draft.terms, [language]: event.target.value },
                          },
                        })
                      }
                    />
                  </FormField>
                </div>
              ))}
              <Switch
                checked={editing.draft.on_sale}
                onCheckedChange={(on_sale) =>
                  setEditing({ ...editing, draft: { ...editing.draft, on_sale } })
                }
              >
                {t('contracts.admin.onSale')}
              </Switch>
            </div>
            <div className={styles.actions}>
              <Button type="submit" loading={busy}>
                {t('contracts.admin.save')}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </AdminFrame>
  );
}
