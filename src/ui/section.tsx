import type { ReactNode } from 'react';

interface SectionProps {
  id?: string;
  tone?: 'plain' | 'muted' | 'dark' | 'brand';
  className?: string;
  labelledBy?: string;
  children: ReactNode;
}

/** A full-width band with a centred container: the unit every block is built in. */
export function Section({ id, tone = 'plain', className, labelledBy, children }: SectionProps) {
  return (
    <section id={id} className={['section', `section--${tone}`, className].filter(Boolean).join(' ')} aria-labelledby={labelledBy}>
      <div className="container">{children}</div>
    </section>
  );
}
