import type { BlockOf } from '../../../core/site/model.ts';
import type { RichTextNode } from '../../../core/site/schema-types.ts';
import { Section } from '../../ui/section.tsx';
import styles from './rich-text.module.css';

function Node({ node }: { node: RichTextNode }) {
  if (node.h2 !== undefined) return <h2>{node.h2}</h2>;
  if (node.h3 !== undefined) return <h3>{node.h3}</h3>;
  if (node.p !== undefined) return <p>{node.p}</p>;
  const items = node.ul ?? node.ol ?? [];
  const List = node.ol ? 'ol' : 'ul';
  return (
    <List>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </List>
  );
}

/** Structured text, rendered as elements: no HTML from content ever reaches the page. */
export function RichText({ block }: { block: BlockOf<'rich-text'> }) {
  return (
    <Section id={block.id}>
      <article className={styles.prose}>
        {block.meta ? <p className={styles.meta}>{block.meta}</p> : null}
        {block.content.map((node, i) => (
          <Node key={i} node={node} />
        ))}
      </article>
    </Section>
  );
}
