// /work-detail without PUBLIC_URL: the share link under the QR code is written relative, since the page is shared
// between visitors and the server never takes a host from a request for it (pages/share.ts). Here the visitor's
// browser writes it out in full, as it resolves it, so it can be copied. (In this folder because its scripts are
// built one by one for the work pages.)
document.querySelectorAll<HTMLAnchorElement>('a[data-xt-full-link]').forEach((a) => {
  a.textContent = a.href;
});
