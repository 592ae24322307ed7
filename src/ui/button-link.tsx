import type { ButtonLink as ButtonLinkData } from '../../core/site/schema-types.ts';
import { SmartLink } from './smart-link.tsx';

export function ButtonLink({ button, size, onClick }: { button: ButtonLinkData; size?: 'sm' | 'lg'; onClick?: () => void }) {
  const className = ['btn', `btn--${button.variant ?? 'primary'}`, size ? `btn--${size}` : ''].filter(Boolean).join(' ');
  return (
    <SmartLink to={button.to} className={className} ariaLabel={button.ariaLabel} onClick={onClick}>
      {button.label}
    </SmartLink>
  );
}

export function ButtonRow({ buttons, size }: { buttons?: ButtonLinkData[]; size?: 'sm' | 'lg' }) {
  if (!buttons?.length) return null;
  return (
    <div className="btn-row">
      {buttons.map((b) => (
        <ButtonLink key={`${b.to}-${b.label}`} button={b} size={size} />
      ))}
    </div>
  );
}
