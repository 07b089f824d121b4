import { Search, X } from 'lucide-react';
import { forwardRef, useImperativeHandle, useRef, type InputHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { IconButton } from '../button/icon-button';
import inputStyles from '../input/input.module.css';

export interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Class of the wrapper; className goes to the input. */
  wrapperClassName?: string;
}

export const SearchInput = forwardRef<HTMLInputElement, SearchInputProps>(function SearchInput(
  { value, onChange, placeholder = 'Buscar...', className, wrapperClassName, disabled, ...props },
  ref,
) {
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inputRef.current as HTMLInputElement);

  return (
    <div className={cx(inputStyles.adorned, wrapperClassName)}>
      <Search className={inputStyles.leadingIcon} size={16} aria-hidden="true" />
      <input
        ref={inputRef}
        type="search"
        value={value}
        placeholder={placeholder}
        aria-label={props['aria-label'] ?? placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        {...props}
        className={cx(inputStyles.control, inputStyles.input, inputStyles.withLeadingIcon, className)}
      />
      {value ? (
        <IconButton
          aria-label="Limpar busca"
          size="sm"
          className={inputStyles.trailing}
          disabled={disabled}
          onClick={() => {
            onChange('');
            inputRef.current?.focus();
          }}
        >
          <X size={16} aria-hidden="true" />
        </IconButton>
      ) : null}
    </div>
  );
});
