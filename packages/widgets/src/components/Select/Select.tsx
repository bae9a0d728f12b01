import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cx } from '../../internal/cx';
import { ListboxOption, ListboxPopup, useListboxFloating } from '../../internal/ListboxPopup';
import { edgeEnabled, findByPrefix, type ListOption, nextEnabled } from '../../internal/listbox';
import { useControllableState } from '../../internal/useControllableState';
import { useMiningT } from '../../lib/useMiningT';
import { isInvalid, useFormFieldControl } from '../FormField/FormField';
import { Icon } from '../Icon/Icon';
import { inputWrapper } from '../Input/Input.css';
import * as styles from './Select.css';

export type { ListOption as SelectOption } from '../../internal/listbox';

/** Texts of {@link Select}; each defaults to the `widgets.*` translation. */
export interface SelectLabels {
  /** Shown while nothing is chosen. Default `t('widgets.selectPlaceholder')`. */
  placeholder?: string;
}

/** Props of {@link Select}. */
export interface SelectProps<V extends string = string> {
  /** The choices, in order. */
  options: readonly ListOption<V>[];
  /** The chosen value (controlled); `null` for none. */
  value?: V | null;
  /** The first chosen value (uncontrolled). Default `null`. */
  defaultValue?: V | null;
  /** Called when the user chooses an option. */
  onValueChange?: (value: V) => void;
  /** Whether the list is open (controlled). */
  open?: boolean;
  /** Whether the list starts open (uncontrolled). Default `false`. */
  defaultOpen?: boolean;
  /** Called when the list opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** Disables the control. Default: from the surrounding `FormField`, else `false`. */
  disabled?: boolean;
  /** Shows the control as invalid and sets `aria-invalid`. Default: from the `FormField`. */
  invalid?: boolean;
  /** Marks the choice as required. Default: from the `FormField`. */
  required?: boolean;
  /** The trigger's id. Default: from the `FormField`. */
  id?: string;
  /** Submits the value with a form under this name (a hidden input). */
  name?: string;
  /** The accessible name when no `FormField` or visible label names the control. */
  'aria-label'?: string;
  /** The id of an element naming the control. */
  'aria-labelledby'?: string;
  /** Extra descriptions, besides the `FormField`'s hint and error. */
  'aria-describedby'?: string;
  /** Control height. Default `'md'`. */
  size?: 'sm' | 'md' | 'lg';
  /** `'full'` fills its container (forms), `'auto'` fits its content (toolbars). Default `'full'`. */
  width?: 'full' | 'auto';
  /** Content before the value inside the trigger, e.g. an icon. */
  startAdornment?: ReactNode;
  /** How the chosen option shows in the trigger. Default: its `label`. */
  renderValue?: (option: ListOption<V>) => ReactNode;
  /** Overrides of the texts. */
  labels?: SelectLabels;
  /** Extra class on the trigger. */
  className?: string;
}

const TYPEAHEAD_RESET_MS = 500;

/**
 * A single choice from a short list, in the ARIA select-only combobox pattern: focus stays on
 * the trigger (`role="combobox"`, `aria-expanded`, `aria-activedescendant`), the list is a
 * `listbox`. Arrows, Home/End, Enter/Space, Escape, Tab and typeahead work as in a native select.
 */
export function Select<V extends string = string>({
  options,
  value,
  defaultValue = null,
  onValueChange,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  disabled,
  invalid,
  required,
  id,
  name,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-describedby': ariaDescribedBy,
  size,
  width = 'full',
  startAdornment,
  renderValue,
  labels,
  className,
}: SelectProps<V>) {
  const { t } = useMiningT();
  const baseId = useId();
  const { controlProps, labelId } = useFormFieldControl({
    id,
    disabled,
    required,
    'aria-describedby': ariaDescribedBy,
    'aria-invalid': invalid,
  });
  const reportValue = useCallback(
    (next: V | null) => {
      if (next !== null) onValueChange?.(next);
    },
    [onValueChange],
  );
  const [selected, setSelected] = useControllableState<V | null>({
    value,
    defaultValue,
    onChange: reportValue,
  });
  const [open, setOpen] = useControllableState({
    value: openProp,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const [activeIndex, setActiveIndex] = useState(-1);
  const typeahead = useRef({ query: '', timer: 0 });

  const isDisabled = Boolean(controlProps.disabled);
  const selectedIndex = options.findIndex((option) => option.value === selected);
  const selectedOption = options[selectedIndex];
  const startIndex = selectedIndex >= 0 ? selectedIndex : edgeEnabled(options, 1);
  // While open, the highlighted option defaults to the chosen one, so opening needs no effect.
  const active = open ? (activeIndex >= 0 ? activeIndex : startIndex) : -1;

  const { refs, floatingStyles, setOpenState, getReferenceProps, getFloatingProps } =
    useListboxFloating(open, setOpen, active, setActiveIndex);

  const openAt = (index: number) => {
    setActiveIndex(index);
    setOpenState(true);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option || option.disabled) return;
    setSelected(option.value);
    setOpenState(false);
  };

  useEffect(() => () => window.clearTimeout(typeahead.current.timer), []);

  const handleTypeahead = (character: string) => {
    const state = typeahead.current;
    window.clearTimeout(state.timer);
    state.query += character;
    state.timer = window.setTimeout(() => {
      state.query = '';
    }, TYPEAHEAD_RESET_MS);
    // A repeated first letter cycles through the options that start with it.
    const cycling = state.query.length > 1 && [...state.query].every((c) => c === state.query[0]);
    const query = cycling ? character : state.query;
    // A fresh letter searches after the current option; a longer query may still match it.
    const current = open ? active : selectedIndex;
    const from = state.query.length === 1 || cycling ? current + 1 : Math.max(0, current);
    const match = findByPrefix(options, query, from);
    if (match >= 0) openAt(match);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (isDisabled) return;
    const { key } = event;
    if (key === ' ' && typeahead.current.query) {
      event.preventDefault();
      handleTypeahead(' ');
      return;
    }
    switch (key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openAt(startIndex);
        else setActiveIndex(nextEnabled(options, active, 1, false));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openAt(startIndex);
        else if (event.altKey) choose(active);
        else setActiveIndex(nextEnabled(options, active, -1, false));
        break;
      case 'Home':
        event.preventDefault();
        openAt(edgeEnabled(options, 1));
        break;
      case 'End':
        event.preventDefault();
        openAt(edgeEnabled(options, -1));
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (open) choose(active);
        else openAt(startIndex);
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpenState(false);
        }
        break;
      case 'Tab':
        if (open) choose(active);
        break;
      default:
        if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          handleTypeahead(key);
        }
    }
  };

  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const listLabelledBy = ariaLabelledBy ?? labelId;
  const invalidState = isInvalid(controlProps['aria-invalid']);

  return (
    <>
      <button
        ref={refs.setReference}
        type="button"
        role="combobox"
        id={controlProps.id ?? `${baseId}-trigger`}
        aria-label={ariaLabel}
        aria-labelledby={ariaLabelledBy}
        aria-describedby={controlProps['aria-describedby']}
        aria-invalid={invalidState || undefined}
        aria-required={controlProps.required || undefined}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        disabled={isDisabled}
        data-state={open ? 'open' : 'closed'}
        data-invalid={invalidState || undefined}
        data-disabled={isDisabled || undefined}
        data-placeholder={selectedOption ? undefined : ''}
        className={cx(inputWrapper({ size }), styles.trigger({ width }), className)}
        {...getReferenceProps({
          onClick: () => {
            if (open) setOpenState(false);
            else openAt(startIndex);
          },
          onKeyDown: handleKeyDown,
        })}
      >
        {startAdornment}
        <span className={styles.value}>
          {selectedOption
            ? (renderValue?.(selectedOption) ?? selectedOption.label)
            : (labels?.placeholder ?? t('widgets.selectPlaceholder'))}
        </span>
        <Icon name="chevronDown" className={styles.chevron} />
      </button>
      {name ? <input type="hidden" name={name} value={selected ?? ''} /> : null}
      {open ? (
        <ListboxPopup
          id={listboxId}
          labelledBy={listLabelledBy}
          ariaLabel={ariaLabel}
          setFloating={refs.setFloating}
          style={floatingStyles}
          floatingProps={getFloatingProps()}
        >
          {options.map((option, index) => (
            <ListboxOption
              key={option.value}
              id={optionId(index)}
              option={option}
              selected={option.value === selected}
              active={index === active}
              onActivate={() => setActiveIndex(index)}
              onChoose={() => choose(index)}
            />
          ))}
        </ListboxPopup>
      ) : null}
    </>
  );
}
