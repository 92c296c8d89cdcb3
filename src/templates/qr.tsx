// The one QR code of the site: an SVG made on the server (no script, prints and scales cleanly), with the
// link it encodes written under it so it can also be copied or opened.
import { raw } from 'hono/html';
import QRCode from 'qrcode';

/** SVG markup of a QR code for `text` (async: the qrcode package builds it off the request's hot path). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * A QR code with its link. `svg`: drawn inline. `src`: an image of this site drawn for the visitor (when the site's
 * address is unknown, pages/share.ts); its `link` is then relative, and the page's own script (share-link.ts)
 * writes it out in full.
 */
export function QrCode({ svg, src, link, caption }: { svg?: string; src?: string; link: string; caption?: string }) {
  return (
    <figure class="xt-qr">
      {svg ? (
        <div class="xt-qr-code" role="img" aria-label={`二维码：${link}`}>
          {raw(svg)}
        </div>
      ) : (
        <div class="xt-qr-code">
          <img src={src} alt="二维码" width={180} height={180} loading="lazy" />
        </div>
      )}
      <figcaption class="xt-qr-caption">
        {caption && <div>{caption}</div>}
        <a href={link} target="_blank" rel="noopener" {...(svg ? {} : { 'data-xt-full-link': '' })}>
          {link}
        </a>
      </figcaption>
    </figure>
  );
}
