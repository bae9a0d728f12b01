import type { Messages } from './translator';
import { interpolate, type Translate, useMiningT } from './useMiningT';

/**
 * A label function for a widget whose texts live in core's feature catalogues (`contracts.*`,
 * `site.invitations.*`, …) rather than `mining.*`: `catalogue` maps each label key to its message
 * key; the partner's override from `labels` wins (with `{{placeholders}}` filled). `english`: the
 * widget's own English of its group (see `useMiningT`).
 *
 * @example
 * const { label } = useCatalogueLabels(CATALOGUE, props.labels);
 * label('buy');
 */
export function useCatalogueLabels<K extends string>(
  catalogue: Readonly<Record<K, string>>,
  labels: Partial<Record<K, string>> | undefined,
  english?: Messages,
): { label: (key: K, values?: Record<string, unknown>) => string; t: Translate; language: string } {
  const { t, language } = useMiningT(english);
  const label = (key: K, values?: Record<string, unknown>) => {
    const override = labels?.[key];
    return override === undefined ? t(catalogue[key], values) : interpolate(override, values);
  };
  return { label, t, language };
}
