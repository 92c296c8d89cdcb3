// Site configuration (sys_config, 网站配置): teaching-open's keys with this product's defaults.
import type { Insertable } from 'kysely';
import { newId } from '../../domain/ids.js';
import type { SysConfigTable } from '../schema.js';

export interface ConfigDef {
  key: string;
  /** The label of the 网站配置 screen. */
  comment: string;
  value: string;
}

/** Keys whose value is HTML. They are sanitised on write and rendered through the one rich-text component. */
export const HTML_CONFIG_KEYS = ['footer', '_homeHtml', '_indexHtml', '_workShareHtml'] as const;

/**
 * Keys an anonymous visitor may read (the public config endpoint, the login page, the public home).
 *
 * In: the brand, footer, images and switches, and two editorial `_` keys whose whole purpose is to be shown
 * to visitors: `_homeHtml` (public home text) and `_workShareHtml` (under every shared work). Pages reach
 * data only through the API, so the public pages need them from the anonymous endpoint; they are HTML
 * sanitised on write like every rich text.
 *
 * Out:
 * - the other `_` keys: `_defaultRole` / `_defaultDepart` are internal ids, `_indexHtml` is back-office text,
 *   `_linkman` / `_phone` / `_address` are contact details an admin did not necessarily mean to publish.
 * - `customJS` / `customCss`: administrator-authored code. The server injects them itself when it renders a
 *   page (one place that decides where they apply and keeps them off the admin screens); handing them out
 *   through a JSON API invites clients to eval or inject them on their own, which turns a config read into
 *   a script-injection path, and nothing a visitor needs depends on reading them as data.
 */
export const PUBLIC_CONFIG_KEYS = [
  'brandName',
  'brandDesc',
  'footer',
  'logo',
  'logo2',
  'avatar',
  'allowReg',
  'allowComment',
  'banner',
  'bannerLinks',
  'homeBgColor',
  'homeBgRepeat',
  'file_homeBg',
  '_homeHtml',
  '_workShareHtml',
] as const;

/**
 * The seeded 首页文案 (/index): what the school is and where a visitor goes next (社区, 课程, 发现, 登录). It names no
 * brand (the brand name is configured separately and shows above it) and carries no class or script: it is rich
 * text, sanitised like any other, and styled by the page (site.css `.xt-index-html`). Migration 034 gives it to
 * sites seeded before it whose text is still empty or the earlier two-line default.
 */
export const WELCOME_HOME_HTML =
  '<h2>欢迎来到我们的少儿编程乐园</h2>' +
  '<p>这里是孩子们学编程、动手创作的地方。在老师的带领下，孩子们用 Scratch 图形化编程像搭积木一样编写程序，' +
  '做出会动的动画、好玩的小游戏和有趣的故事，在创作中学会思考、表达与合作。</p>' +
  '<p>不用登录，也可以先逛一逛：</p>' +
  '<ul>' +
  '<li><a href="/home">社区</a>：看看同学们的精选作品、最赞作品和最新作品，给喜欢的作品点个赞。</li>' +
  '<li><a href="/courseList">课程</a>：了解我们开设的编程课程，从入门到进阶，一步一个脚印。</li>' +
  '<li><a href="/workList?type=1">发现</a>：按最新、最火、最赞浏览全部公开作品，找找创作的灵感。</li>' +
  '<li><a href="/user/login">登录</a>：学生和老师用学校发的账号登录，继续上课、交作业、创作自己的作品。</li>' +
  '</ul>' +
  '<p>欢迎家长朋友常来看看孩子们的作品，为他们的每一点进步加油！</p>';

export function siteConfigDefs(ids: { studentRoleId: string; defaultDepartId: string }): ConfigDef[] {
  return [
    { key: 'brandName', comment: '品牌名', value: '学堂' },
    { key: 'brandDesc', comment: '品牌简介', value: '少儿编程教学平台：用 Scratch 学编程，动手创作，快乐成长' },
    { key: 'logo', comment: 'LOGO', value: '' },
    { key: 'logo2', comment: '小LOGO', value: '' },
    { key: 'avatar', comment: '默认头像', value: '' },
    { key: 'banner', comment: '轮播图', value: '' },
    { key: 'bannerLinks', comment: '轮播图链接（每行一个）', value: '' },
    { key: 'footer', comment: '底部文字', value: '<p>Copyright © 2026 学堂 · 少儿编程教学平台</p>' },
    { key: '_homeHtml', comment: '前台首页文案', value: WELCOME_HOME_HTML },
    { key: '_indexHtml', comment: '后台首页文案', value: '' },
    { key: '_workShareHtml', comment: '作品分享页', value: '' },
    { key: 'homeBgColor', comment: '前台背景颜色', value: '#c6d9f0' },
    { key: 'file_homeBg', comment: '前台背景图片', value: '' },
    { key: 'homeBgRepeat', comment: '前台背景重复方式', value: 'no-repeat' },
    // On: a school's first look shows children commenting (migration 034 turns it on where it was never chosen).
    { key: 'allowComment', comment: '开放作品评论', value: '1' },
    { key: 'allowReg', comment: '开放注册', value: '0' },
    { key: '_defaultRole', comment: '默认注册角色', value: ids.studentRoleId },
    { key: '_defaultDepart', comment: '默认注册班级', value: ids.defaultDepartId },
    { key: 'customJS', comment: '自定义JS', value: '' },
    { key: 'customCss', comment: '自定义CSS', value: '' },
    { key: '_linkman', comment: '联系人', value: '' },
    { key: '_phone', comment: '联系电话', value: '' },
    { key: '_address', comment: '联系地址', value: '' },
  ];
}

/** The sys_config row of one key (migrations adding a key to a seeded site use it too). */
export const configRow = (d: ConfigDef): Required<Insertable<SysConfigTable>> => ({
  id: newId(),
  config_key: d.key,
  config_value: d.value,
  config_enabled: 1,
  comment: d.comment,
});

export function buildConfigRows(ids: { studentRoleId: string; defaultDepartId: string }): Required<Insertable<SysConfigTable>>[] {
  return siteConfigDefs(ids).map(configRow);
}
