// The one QR code of the site: an SVG made on the server (no script, prints and scales cleanly), with the
// link it encodes written under it so it can also be copied or opened.
import { raw } from 'hono/html';
import QRCode from 'qrcode';

/** SVG markup of a QR code for `text` (async: the qrcode package builds it off the request's hot path). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

export function QrCode({ svg, link, caption }: { svg: string; link: string; caption?: string }) {
  return (
    <figure class="xt-qr">
      <div class="xt-qr-code" role="img" aria-label={`二维码：${link}`}>
        {raw(svg)}
      </div>
      <figcaption class="xt-qr-caption">
        {caption && <div>{caption}</div>}
        <a href={link} target="_blank" rel="noopener">
          {link}
        </a>
      </figcaption>
    </figure>
  );
}
