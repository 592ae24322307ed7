import { Icon } from './icons.tsx';

/** A list of short claims, each with a check mark. */
export function CheckList({ items, className, size = 16 }: { items?: string[]; className?: string; size?: number }) {
  if (!items?.length) return null;
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={size} />
          {item}
        </li>
      ))}
    </ul>
  );
}
