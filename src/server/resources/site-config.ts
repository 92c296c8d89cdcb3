// 系统配置 (/isystem/config): the site settings people type as text, declared once. The settings page takes their
// labels, required marks and maxlengths from here, and the API (api/sys/config-admin.ts) validates them with the
// same declaration; the settings that are files, colours, switches, choices or HTML keep their own checks there.
import { resource } from './fields.js';

export const siteConfigFields = resource({
  brandName: { label: '品牌名', kind: 'text', required: true, max: 30 },
  brandDesc: { label: '品牌简介', kind: 'text', max: 200 },
  _linkman: { label: '联系人', kind: 'text', max: 50 },
  _phone: { label: '联系电话', kind: 'text', max: 30, pattern: { re: /^[0-9+\-() ]*$/, message: '联系电话只能包含数字、空格和 + - ( )' } },
  _address: { label: '联系地址', kind: 'text', max: 200 },
});

/** The settings declared above, by key. */
export const isDeclaredSetting = (key: string): key is keyof typeof siteConfigFields.fields => Object.hasOwn(siteConfigFields.fields, key);
