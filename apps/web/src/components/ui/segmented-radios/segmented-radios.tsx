import { useId } from 'react';
import classes from './segmented-radios.module.css';

interface SegmentedRadiosProps<Value extends string> {
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  /** The group's name for screen readers: a label's id, or the text itself. */
  labelledBy?: string;
  label?: string;
  /** `xs`: the header's compact SK/EN on a laptop; on touch screens both are 44 px high. */
  size?: 'xs' | 'sm';
  /** The choices share the whole width. */
  fullWidth?: boolean;
}

/** A few choices in a row, one of them chosen: native radio buttons drawn as a segmented control. */
export function SegmentedRadios<Value extends string>({ options, value, onChange, labelledBy, label, size = 'sm', fullWidth = false }: SegmentedRadiosProps<Value>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-label={label} className={classes.group} data-size={size} data-full-width={fullWidth || undefined}>
      {options.map((option) => (
        <label key={option.value} className={classes.option}>
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className={classes.input} />
          <span className={classes.label}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
