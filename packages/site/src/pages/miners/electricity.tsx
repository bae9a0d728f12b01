import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../app/ui';
import * as styles from './miners.css';

/** The catalogue's default electricity price per kWh (the contract's default). */
export const DEFAULT_ELECTRICITY_PRICE = '0.35';

/** A price per kWh the catalogue accepts (the contract's `electricityPriceSchema`). */
const PRICE_PATTERN = /^\d{1,3}(\.\d{1,6})?$/;

/**
 * The electricity price the catalogue estimates at: the text as typed, and the last valid price
 * (what the page sends), so a half-typed or wrong price keeps the figures of the last good one.
 */
export function useElectricityPrice() {
  const [text, setText] = useState(DEFAULT_ELECTRICITY_PRICE);
  const [price, setPrice] = useState(DEFAULT_ELECTRICITY_PRICE);
  const valid = PRICE_PATTERN.test(text.trim());
  const change = (value: string) => {
    setText(value);
    if (PRICE_PATTERN.test(value.trim())) setPrice(value.trim());
  };
  return { text, price, valid, change };
}

/** The electricity price field (CNY per kWh) with its validation message. */
export function ElectricityPriceField({
  electricity,
}: {
  electricity: ReturnType<typeof useElectricityPrice>;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.priceField}>
      <TextField
        label={t('site.miners.electricityPrice')}
        inputMode="decimal"
        autoComplete="off"
        value={electricity.text}
        error={electricity.valid ? undefined : t('site.miners.electricityInvalid')}
        onChange={(event) => electricity.change(event.target.value)}
      />
    </div>
  );
}
