import QRCode from 'qrcode';
import styles from './invitation.module.css';
import { words } from './words.ts';

/** The secret in groups of four, as people type it from the screen. */
export const groupsOfFour = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** An otpauth:// link as a QR code, an SVG in a data: URL (the back office's CSP allows images of its own and data:). */
export async function qrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * An authenticator's secret to add to an app: as an otpauth:// link that opens the app on the phone that has it
 * (the invitation link is most often opened there), as a QR code for another phone, and as text in groups of four.
 */
export function TotpKey({ secret, uri, qr, alt }: { secret: string; uri: string; qr: string; alt: string }) {
  return (
    <>
      <p className={styles.openInApp}>
        <a className="button button-secondary" href={uri}>
          {words.invitation.openInApp}
        </a>
      </p>
      <p className="muted">{words.invitation.otherDevice}</p>
      <TotpPair secret={secret} qr={qr} alt={alt} />
    </>
  );
}

function TotpPair({ secret, qr, alt }: { secret: string; qr: string; alt: string }) {
  return (
    <div className={styles.pair}>
      <img className={styles.qr} src={qr} width={200} height={200} alt={alt} />
      <div>
        <p className={styles.secretLabel}>{words.invitation.secretLabel}</p>
        <p className={styles.secret}>{groupsOfFour(secret)}</p>
        <p className="muted">{words.invitation.timeBased}</p>
      </div>
    </div>
  );
}
