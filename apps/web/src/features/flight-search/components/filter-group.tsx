import { Checkbox, Typography } from 'antd';

export interface FilterOption {
  value: string;
  label: string;
  count: number;
}

interface FilterGroupProps {
  id: string;
  title: string;
  options: FilterOption[];
  value: string[];
  onChange: (value: string[]) => void;
}

/** One filter section: a titled checkbox group with the number of results beside each option. */
export function FilterGroup({ id, title, options, value, onChange }: FilterGroupProps) {
  if (options.length === 0) return null;
  return (
    <fieldset className="filter-group" data-testid={`filter-${id}`}>
      <legend>
        <Typography.Text strong>{title}</Typography.Text>
      </legend>
      {options.map((o) => (
        <Checkbox
          key={o.value}
          checked={value.includes(o.value)}
          onChange={(e) =>
            onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))
          }
        >
          {o.label} <span className="filter-count">({o.count})</span>
        </Checkbox>
      ))}
    </fieldset>
  );
}
