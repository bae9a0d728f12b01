import { useControllableState } from '../../internal/useControllableState';
import { useMiningT } from '../../lib/useMiningT';
import { IconButton } from '../IconButton/IconButton';
import { Input, type InputProps } from '../Input/Input';
import { toggle } from './PasswordInput.css';

/** Texts of {@link PasswordInput}; each defaults to the `widgets.*` translation. */
export interface PasswordInputLabels {
  /** The toggle while the password is hidden. Default `t('widgets.showPassword')`. */
  show?: string;
  /** The toggle while the password is shown. Default `t('widgets.hidePassword')`. */
  hide?: string;
}

/** Props of {@link PasswordInput}: those of {@link Input} without `type`. */
export interface PasswordInputProps extends Omit<InputProps, 'type' | 'endAdornment'> {
  /** Whether the password is shown as plain text (controlled). */
  visible?: boolean;
  /** Whether the password starts shown (uncontrolled). Default `false`. */
  defaultVisible?: boolean;
  /** Called when the show/hide toggle is used. */
  onVisibleChange?: (visible: boolean) => void;
  /** Overrides of the toggle's texts. */
  labels?: PasswordInputLabels;
}

/**
 * A password field with a show/hide toggle. `autoComplete` defaults to `'current-password'`;
 * pass `'new-password'` on registration and reset forms.
 */
export function PasswordInput({
  visible,
  defaultVisible = false,
  onVisibleChange,
  labels,
  autoComplete = 'current-password',
  size,
  disabled,
  ...rest
}: PasswordInputProps) {
  const { t } = useMiningT();
  const [isVisible, setVisible] = useControllableState({
    value: visible,
    defaultValue: defaultVisible,
    onChange: onVisibleChange,
  });
  return (
    <Input
      {...rest}
      size={size}
      disabled={disabled}
      type={isVisible ? 'text' : 'password'}
      autoComplete={autoComplete}
      // Browsers should not offer spelling fixes for a password shown as text.
      spellCheck={false}
      autoCapitalize="off"
      data-state={isVisible ? 'visible' : 'hidden'}
      endAdornment={
        <IconButton
          className={toggle}
          size="sm"
          icon={isVisible ? 'eyeOff' : 'eye'}
          label={
            isVisible
              ? (labels?.hide ?? t('widgets.hidePassword'))
              : (labels?.show ?? t('widgets.showPassword'))
          }
          disabled={disabled}
          onClick={() => setVisible(!isVisible)}
        />
      }
    />
  );
}
