import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cx } from '../../internal/cx';
import { ListboxOption, ListboxPopup, useListboxFloating } from '../../internal/ListboxPopup';
import { type ListOption, optionText } from '../../internal/listbox';
import { listMessage } from '../../internal/shared.css';
import { useControllableState } from '../../internal/useControllableState';
import { useMiningT } from '../../lib/useMiningT';
import { isInvalid, useFormFieldControl } from '../FormField/FormField';
import { Icon } from '../Icon/Icon';
import { IconButton } from '../IconButton/IconButton';
import { input as inputStyle, inputWrapper } from '../Input/Input.css';
import * as styles from './Combobox.css';

export type { ListOption as ComboboxOption } from '../../internal/listbox';

/** Texts of {@link Combobox}; each defaults to the `widgets.*` translation. */
export interface ComboboxLabels {
  /** The empty field's hint. Default `t('widgets.searchPlaceholder')`. */
  placeholder?: string;
  /** Shown when nothing matches. Default `t('widgets.noResults')`. */
  noResults?: string;
  /** The clear button. Default `t('widgets.clear')`. */
  clear?: string;
  /** Shown while `loading`. Default `t('widgets.loading')`. */
  loading?: string;
}

/** Props of {@link Combobox}. */
export interface ComboboxProps<V extends string = string> {
  /** The choices. Filtered by the typed text unless `filter` is `false`. */
  options: readonly ListOption<V>[];
  /** The chosen value (controlled); `null` for none. */
  value?: V | null;
  /** The first chosen value (uncontrolled). Default `null`. */
  defaultValue?: V | null;
  /** Called when the user chooses an option, or `null` when they clear the field. */
  onValueChange?: (value: V | null) => void;
  /** The typed text (controlled), e.g. to fetch options from a server. */
  inputValue?: string;
  /** Called on every keystroke with the typed text. */
  onInputValueChange?: (text: string) => void;
  /**
   * Which options match the typed text. Default: the option's text contains it, ignoring case.
   * `false` shows `options` as given (they are already filtered, e.g. by a server).
   */
  filter?: ((option: ListOption<V>, query: string) => boolean) | false;
  /** Shows a loading line instead of "No results". Default `false`. */
  loading?: boolean;
  /** Disables the field. Default: from the surrounding `FormField`, else `false`. */
  disabled?: boolean;
  /** Shows the field as invalid and sets `aria-invalid`. Default: from the `FormField`. */
  invalid?: boolean;
  /** Marks the choice as required. Default: from the `FormField`. */
  required?: boolean;
  /** The input's id. Default: from the `FormField`. */
  id?: string;
  /** Submits the chosen value with a form under this name (a hidden input). */
  name?: string;
  /** The accessible name when no `FormField` or visible label names the field. */
  'aria-label'?: string;
  /** Extra descriptions, besides the `FormField`'s hint and error. */
  'aria-describedby'?: string;
  /** Field height. Default `'md'`. */
  size?: 'sm' | 'md' | 'lg';
  /** Overrides of the texts. */
  labels?: ComboboxLabels;
  /** Extra class on the field's box. */
  className?: string;
}

const containsIgnoringCase = <V extends string>(option: ListOption<V>, query: string) =>
  optionText(option).toLocaleLowerCase().includes(query.toLocaleLowerCase());

/**
 * A text field that filters a list of options as you type (ARIA combobox with list
 * autocomplete): focus stays in the field, `aria-activedescendant` follows the highlighted
 * option, ArrowDown/ArrowUp move, Enter chooses, Escape closes (and, when closed, clears).
 * Leaving the field restores the chosen option's text.
 */
export function Combobox<V extends string = string>({
  options,
  value,
  defaultValue = null,
  onValueChange,
  inputValue,
  onInputValueChange,
  filter = containsIgnoringCase,
  loading = false,
  disabled,
  invalid,
  required,
  id,
  name,
  'aria-label': ariaLabel,
  'aria-describedby': ariaDescribedBy,
  size,
  labels,
  className,
}: ComboboxProps<V>) {
  const { t } = useMiningT();
  const baseId = useId();
  const { controlProps, labelId } = useFormFieldControl({
    id,
    disabled,
    required,
    'aria-describedby': ariaDescribedBy,
    'aria-invalid': invalid,
  });
  const [selected, setSelected] = useControllableState<V | null>({
    value,
    defaultValue,
    onChange: onValueChange,
  });
  const selectedOption = options.find((option) => option.value === selected);
  const selectedText = selectedOption ? optionText(selectedOption) : '';
  const [text, setText] = useControllableState({
    value: inputValue,
    defaultValue: selectedText,
    onChange: onInputValueChange,
  });
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const isDisabled = Boolean(controlProps.disabled);

  // While the field shows the chosen option's text, the whole list is offered.
  const query = text === selectedText ? '' : text.trim();
  const visible =
    filter === false || query === '' ? options : options.filter((option) => filter(option, query));

  const { refs, floatingStyles, setOpenState, getReferenceProps, getFloatingProps } =
    useListboxFloating(open, setOpen, activeIndex, setActiveIndex);

  // A value chosen from outside (controlled) shows its text, unless the user is typing.
  useEffect(() => {
    if (document.activeElement !== inputRef.current) setText(selectedText);
  }, [selectedText, setText]);

  const firstEnabled = (list: readonly ListOption<V>[]) => list.findIndex((o) => !o.disabled);
  const step = (from: number, direction: 1 | -1) => {
    const count = visible.length;
    for (let offset = 1; offset <= count; offset += 1) {
      const index = (((from + direction * offset) % count) + count) % count;
      if (!visible[index]?.disabled) return index;
    }
    return -1;
  };

  const choose = (option: ListOption<V> | undefined) => {
    if (!option || option.disabled) return;
    setSelected(option.value);
    setText(optionText(option));
    setOpenState(false);
  };

  const clear = () => {
    setSelected(null);
    setText('');
    setOpenState(false);
    inputRef.current?.focus();
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    setOpen(true);
    // The first match is highlighted, so Enter takes it.
    const nextQuery = next.trim();
    const matches =
      filter === false || nextQuery === ''
        ? options
        : options.filter((option) => filter(option, nextQuery));
    setActiveIndex(nextQuery === '' ? -1 : firstEnabled(matches));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const direction = event.key === 'ArrowDown' ? 1 : -1;
        if (!open) {
          setOpen(true);
          if (event.altKey) return;
          const current = visible.findIndex((option) => option.value === selected);
          setActiveIndex(current >= 0 ? current : step(direction === 1 ? -1 : 0, direction));
        } else {
          setActiveIndex(step(activeIndex, direction));
        }
        break;
      }
      case 'Enter':
        if (open && activeIndex >= 0) {
          event.preventDefault();
          choose(visible[activeIndex]);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpenState(false);
        } else if (text) {
          event.preventDefault();
          event.stopPropagation();
          clear();
        }
        break;
      case 'Tab':
        setOpenState(false);
        break;
      default:
        break;
    }
  };

  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const invalidState = isInvalid(controlProps['aria-invalid']);
  const emptyText = loading
    ? (labels?.loading ?? t('widgets.loading'))
    : (labels?.noResults ?? t('widgets.noResults'));

  return (
    <>
      <div
        ref={refs.setReference}
        className={cx(inputWrapper({ size }), className)}
        data-invalid={invalidState || undefined}
        data-disabled={isDisabled || undefined}
        data-state={open ? 'open' : 'closed'}
        {...getReferenceProps()}
      >
        <Icon name="search" className={styles.searchIcon} />
        <input
          ref={inputRef}
          id={controlProps.id ?? `${baseId}-input`}
          className={inputStyle}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-label={ariaLabel}
          aria-describedby={controlProps['aria-describedby']}
          aria-invalid={invalidState || undefined}
          required={controlProps.required}
          disabled={isDisabled}
          placeholder={labels?.placeholder ?? t('widgets.searchPlaceholder')}
          value={text}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpenState(false);
            if (text !== selectedText) setText(selectedText);
          }}
        />
        {text && !isDisabled ? (
          <IconButton
            icon="close"
            size="sm"
            label={labels?.clear ?? t('widgets.clear')}
            className={styles.clear}
            // Keeps focus in the field, so its blur does not restore the text first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={clear}
          />
        ) : null}
      </div>
      {name ? <input type="hidden" name={name} value={selected ?? ''} /> : null}
      {open ? (
        <ListboxPopup
          id={listboxId}
          labelledBy={labelId}
          ariaLabel={ariaLabel}
          setFloating={refs.setFloating}
          style={floatingStyles}
          floatingProps={getFloatingProps()}
        >
          {visible.length === 0 ? (
            <div
              role="option"
              tabIndex={-1}
              aria-selected={false}
              aria-disabled="true"
              className={listMessage}
            >
              {emptyText}
            </div>
          ) : (
            visible.map((option, index) => (
              <ListboxOption
                key={option.value}
                id={optionId(index)}
                option={option}
                selected={option.value === selected}
                active={index === activeIndex}
                onActivate={() => setActiveIndex(index)}
                onChoose={() => choose(option)}
              />
            ))
          )}
        </ListboxPopup>
      ) : null}
    </>
  );
}
