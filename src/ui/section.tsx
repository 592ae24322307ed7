import type { ReactNode } from 'react';

interface SectionProps {
  id?: string;
  /** the band's background; `none` leaves the band, its padding included, to the block's own class (hero, call to action) */
  tone?: 'plain' | 'muted' | 'dark' | 'none';
  /** more classes on the band */
  className?: string;
  /** more classes on the centred container inside it */
  containerClassName?: string;
  /** the id of the heading that names the section */
  labelledBy?: string;
  children: ReactNode;
}

const TONE_CLASS = { plain: 'section', muted: 'section section--muted', dark: 'section section--dark', none: '' } as const;

/** A full-width band with a centred container: the unit every block is built in. */
export function Section({ id, tone = 'plain', className, containerClassName, labelledBy, children }: SectionProps) {
  const band = [TONE_CLASS[tone], className].filter(Boolean).join(' ');
  return (
    <section id={id} className={band || undefined} aria-labelledby={labelledBy}>
      <div className={containerClassName ? `container ${containerClassName}` : 'container'}>{children}</div>
    </section>
  );
}
