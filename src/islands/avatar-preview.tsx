// Avatar upload on /account/settings/base: shows the chosen picture (and its name) before the form is sent.
// The form itself uploads without JavaScript; this only adds the preview and an early size/type check.

const MAX = 10 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const urls = new WeakMap<HTMLElement, string>();

export function mount(el: HTMLElement): void {
  const input = el.querySelector<HTMLInputElement>('input[type="file"]');
  const preview = el.querySelector<HTMLElement>('.xt-avatar-preview');
  const name = el.querySelector<HTMLElement>('.xt-file-name');
  if (!input || !preview) return;
  input.addEventListener('change', () => {
    const file = input.files && input.files[0];
    const old = urls.get(el);
    if (old) URL.revokeObjectURL(old);
    if (!file) return;
    if (name) name.textContent = file.name;
    if (file.size > MAX || !TYPES.includes(file.type)) {
      if (name) name.textContent = `${file.name}（${file.size > MAX ? '文件大小超出10MB限制' : '仅支持 PNG、JPEG、GIF、WEBP 图片'}）`;
      return;
    }
    const url = URL.createObjectURL(file);
    urls.set(el, url);
    preview.className = preview.className.replace(/\bxt-avatar-text\b/, '') + ' ant-avatar-image';
    preview.replaceChildren();
    const img = document.createElement('img');
    img.src = url;
    img.alt = '头像预览';
    preview.appendChild(img);
  });
}

export function unmount(el: HTMLElement): void {
  const url = urls.get(el);
  if (url) URL.revokeObjectURL(url);
  urls.delete(el);
}
