import type { ContractProduct } from '@poolkit/core/contract';
import { Button, Checkbox, Dialog, FormField, Input, Select } from '@poolkit/widgets';
import Big from 'big.js';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { money } from '../../app/format';
import { useNavigate } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';

/**
 * Buys units of a product: the quantity (1 to what is in stock), the account that pays and
 * receives the output, the terms ticked. Places an unpaid order and opens it, where it is paid.
 */
export function BuyDialog({
  product,
  onOpenChange,
}: {
  product: ContractProduct | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const accounts = useApiData(async (signal) => (await api.accounts({}, { signal })).list, []);
  const [quantity, setQuantity] = useState('1');
  const [account, setAccount] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<{ quantity?: string; terms?: string; account?: string }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (product === null) return;
    setQuantity('1');
    setAccepted(false);
    setErrors({});
  }, [product]);
  if (product === null) return null;
  const max = product.inventory;
  const accountList = accounts.status === 'ready' ? accounts.data : [];
  const chosen =
    account ?? accountList.find((item) => item.current)?.name ?? accountList[0]?.name ?? null;
  const units = /^\d+$/.test(quantity) ? Number(quantity) : Number.NaN;
  const valid = Number.isInteger(units) && units >= 1 && units <= max;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (product === null) return;
    const found = {
      ...(valid ? {} : { quantity: t('contracts.buy.quantityInvalid', { max }) }),
      ...(accepted ? {} : { terms: t('validation.termsRequired') }),
      ...(chosen === null ? { account: t('validation.accountRequired') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0 || chosen === null) return;
    setBusy(true);
    try {
      const order = await api.createContractOrder({
        body: { product_id: product.id, account: chosen, quantity: units, terms_accepted: true },
      });
      showMessage(t('contracts.buy.placed', { id: order.id }), 'success');
      onOpenChange(false);
      void navigate(`/contract/order/${encodeURIComponent(order.id)}`);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t('contracts.buy.title', { name: product.name })}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className={uiStyles.form}>
        <FormField
          label={t('contracts.buy.quantity')}
          hint={t('contracts.buy.quantityHint', { max })}
          error={errors.quantity}
          required
        >
          <Input
            inputMode="numeric"
            value={quantity}
            onChange={(event) => {
              setQuantity(event.target.value.trim());
              setErrors({ ...errors, quantity: undefined });
            }}
          />
        </FormField>
        <FormField label={t('contracts.buy.account')} error={errors.account} required>
          <Select
            value={chosen ?? ''}
            onValueChange={setAccount}
            options={accountList.map((item) => ({ value: item.name, label: item.name }))}
          />
        </FormField>
        <p>
          <strong>
            {t('contracts.buy.total', {
              amount: valid
                ? money(new Big(product.price).times(units).toFixed(), product.currency)
                : '—',
            })}
          </strong>
        </p>
        <Checkbox
          checked={accepted}
          onCheckedChange={(checked) => {
            setAccepted(checked);
            setErrors({ ...errors, terms: undefined });
          }}
          invalid={errors.terms !== undefined}
          description={errors.terms}
        >
          {t('contracts.buy.acceptTerms')}{' '}
          <AppLink
            to={`/contract/terms?id=${encodeURIComponent(product.id)}`}
            target="_blank"
            className={uiStyles.link}
          >
            {t('contracts.product.terms')}
          </AppLink>
        </Checkbox>
        <div className={uiStyles.row}>
          <Button type="submit" loading={busy}>
            {t('contracts.buy.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
