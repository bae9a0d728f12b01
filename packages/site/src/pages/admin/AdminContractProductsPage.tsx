import {
  type AdminContractProduct,
  COIN_IDS,
  type ContractProductInput,
  type ContractTerms,
} from '@poolkit/core';
import { Button, FormField, Input, Select, Switch } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../app/feedback';
import { hashrate } from '../../app/format';
import { buttonColumn } from '../../app/listControls';
import { useServices } from '../../app/servicesContext';
import { Card, uiStyles } from '../../app/ui';
import { useEndpoint } from '../../app/useApiData';
import { AdminFrame } from './AdminFrame';
import * as styles from './admin.css';
import { EditDialog, useEditor } from './EditDialog';
import { LanguageFields } from './LanguageFields';
import { ReviewTable } from './ReviewTable';
import { usePaging } from './usePaging';

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
  const paging = usePaging();
  const products = useEndpoint('adminContractProducts', { query: paging.query });
  const editor = useEditor<Draft>(async (id, draft) => {
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
    const saved =
      id === null
        ? await api.createContractProduct({ body })
        : await api.updateContractProduct({ params: { id }, body });
    showMessage(t('contracts.admin.saved', { name: saved.name }), 'success');
  });

  function field(
    draft: Draft,
    key: Exclude<keyof Draft, 'terms' | 'on_sale'>,
    label: string,
    numeric = false,
  ) {
    return (
      <FormField label={label} required>
        <Input
          value={draft[key]}
          inputMode={numeric ? 'decimal' : undefined}
          autoComplete="off"
          onChange={(event) => editor.update({ [key]: event.target.value })}
        />
      </FormField>
    );
  }

  const { editing } = editor;
  return (
    <AdminFrame current="AdminContractProducts">
      <Card title={t('site.routes.AdminContractProducts')}>
        <p className={uiStyles.muted}>{t('contracts.admin.productsIntro')}</p>
        <div className={styles.filters}>
          <Button onClick={() => editor.open(null, EMPTY)}>
            {t('contracts.admin.newProduct')}
          </Button>
        </div>
        <ReviewTable
          caption={t('contracts.admin.productsCaption')}
          data={products}
          rows={(answer) => answer.list}
          rowKey={(row) => row.id}
          emptyText={t('contracts.admin.noProducts')}
          paging={paging}
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
            buttonColumn<AdminContractProduct>({
              key: 'edit',
              header: t('contracts.admin.edit'),
              text: t('contracts.admin.edit'),
              label: (row) => t('contracts.admin.editProduct', { name: row.name }),
              onClick: (row) => editor.open(row.id, draftOf(row)),
            }),
          ]}
        />
      </Card>

      <EditDialog
        editor={editor}
        title={
          editing === null || editing.id === null
            ? t('contracts.admin.newProduct')
            : t('contracts.admin.editProduct', { name: editing.draft.name })
        }
        saveText={t('contracts.admin.save')}
      >
        {(draft) => (
          <>
            {field(draft, 'name', t('contracts.admin.name'))}
            <FormField label={t('contracts.admin.coin')} required>
              <Select
                value={draft.coin}
                onValueChange={(coin) => editor.update({ coin })}
                options={COIN_IDS.map((coin) => ({ value: coin, label: coin.toUpperCase() }))}
              />
            </FormField>
            {field(draft, 'miner', t('contracts.product.miner'))}
            {field(draft, 'power', t('contracts.admin.power'), true)}
            {field(draft, 'price', t('contracts.product.price'), true)}
            {field(draft, 'electricity_fee', t('contracts.admin.electricity'), true)}
            {field(draft, 'management_fee_percent', t('contracts.admin.management'), true)}
            {field(draft, 'duration_days', t('contracts.admin.duration'), true)}
            {field(draft, 'effective_delay_days', t('contracts.admin.delay'), true)}
            {field(draft, 'inventory', t('contracts.admin.inventory'), true)}
            {field(draft, 'pay_address', t('contracts.admin.payAddress'))}
            <LanguageFields
              texts={draft.terms}
              multiline
              label={(language) => t('contracts.admin.termsIn', { language })}
              onChange={(terms) => editor.update({ terms })}
            />
            <Switch
              checked={draft.on_sale}
              onCheckedChange={(on_sale) => editor.update({ on_sale })}
            >
              {t('contracts.admin.onSale')}
            </Switch>
          </>
        )}
      </EditDialog>
    </AdminFrame>
  );
}
