import { FormField, Select } from '@poolkit/widgets';

/**
 * A choice among a fixed set of values: the status filter of an operator list (a queue's state,
 * a ticket's category) or a form's choice (a download's platform). `onValueChange` receives
 * only a value of `values`, never the text of an unknown option. `all` adds a first option for
 * no filter.
 */
export function ChoiceField<Value extends string>({
  label,
  value,
  values,
  labelOf,
  all,
  onValueChange,
}: {
  label: string;
  value: Value;
  values: readonly Value[];
  /** The option's text of a value. */
  labelOf: (value: Value) => string;
  /** A first option for no filter, e.g. `{ value: 'all', label: 'All' }`. Default: none. */
  all?: { value: Value; label: string };
  onValueChange: (value: Value) => void;
}) {
  const choices = all === undefined ? values : [all.value, ...values];
  return (
    <FormField label={label}>
      <Select
        value={value}
        onValueChange={(chosen) => {
          const known = choices.find((choice) => choice === chosen);
          if (known !== undefined) onValueChange(known);
        }}
        options={[
          ...(all === undefined ? [] : [all]),
          ...values.map((option) => ({ value: option, label: labelOf(option) })),
        ]}
      />
    </FormField>
  );
}
