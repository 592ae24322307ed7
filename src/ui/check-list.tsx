import { Icon } from './icons.tsx';
import styles from './check-list.module.css';

/** A list of short claims, each with a check mark; `className` adds the block's own spacing. */
export function CheckList({ items, className, size = 16 }: { items?: string[]; className?: string; size?: number }) {
  if (!items?.length) return null;
  return (
    <ul className={className ? `${styles.list} ${className}` : styles.list}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={size} />
          {item}
        </li>
      ))}
    </ul>
  );
}
