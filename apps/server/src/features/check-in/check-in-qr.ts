import qrcode from 'qrcode-generator';
import type { MailAttachment } from '../../db/schema/index.ts';

/** The Content-ID the registration e-mail's HTML part shows the QR code by. */
export const CHECK_IN_QR_CID = 'check-in-qr@climbing';

/**
 * The check-in code as a QR image for e-mail, drawn by the same library and with the same error
 * correction (M) as the racer's board: 8 px modules with a 4-module quiet zone. GIF, because that is
 * what the library writes without a canvas, and every mail client shows it.
 */
export function checkInQrAttachment(code: string): MailAttachment {
  const qr = qrcode(0, 'M');
  qr.addData(code);
  qr.make();
  const dataUrl = qr.createDataURL(8, 32);
  const content = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return { filename: `check-in-${code}.gif`, contentType: 'image/gif', content, cid: CHECK_IN_QR_CID };
}
