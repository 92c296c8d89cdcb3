// Typed client of the /api contract, used by the HTML pages. In process (app.request, no socket) by default;
// over HTTP with undici when UPSTREAM_URL points at another backend that speaks the contract.

import type { Endpoint, Method, Query } from '../contracts/endpoint.js';
import type { UserAbilities } from '../contracts/permissions.js';
import type { Envelope, Page } from '../contracts/shapes.js';
import { RequestMemo } from '../shared/request-memo.js';

export type { Envelope, Page };

const UPSTREAM_TIMEOUT_MS = 60_000;

/** Sends one request to the API; `path` is relative to /api. */
export type Transport = (
  path: string,
  init: { method: string; headers: Record<string, string>; body?: string | FormData; clientIp?: string; signal?: AbortSignal; memo?: RequestMemo },
) => Promise<{
  status: number;
  json: () => Promise<unknown>;
}>;

export function inProcessTransport(
  request: (url: string, init: RequestInit, env: unknown) => Response | Promise<Response>,
): Transport {
  return async (path, { clientIp, signal, memo, ...init }) => {
    // The visitor's address travels as the node-server binding, so login limits see the real client; their
    // connection's signal too, so the API sees a visitor who left (the roster import then commits nothing); and
    // the page request's memo, through which the API resolves the session and grants once for all its reads.
    const env = { incoming: { socket: { remoteAddress: clientIp ?? 'local' } }, ...(memo ? { requestMemo: memo } : {}) };
    const timeout = AbortSignal.timeout(UPSTREAM_TIMEOUT_MS);
    const res = await request(`http://local/api${path}`, { ...init, signal: signal ? AbortSignal.any([timeout, signal]) : timeout }, env);
    return { status: res.status, json: () => res.json() };
  };
}

export function httpTransport(baseUrl: string): Transport {
  return async (path, { clientIp, memo: _memo, ...init }) => {
    // undici loads only when an upstream URL is configured (it costs about 20 MB resident).
    const { request: undiciRequest } = await import('undici');
    const res = await undiciRequest(`${baseUrl}/api${path}`, {
      method: init.method as 'GET',
      // The backend sees this server's address; it learns the visitor's if it trusts us (TRUST_PROXY).
      headers: clientIp && clientIp !== 'local' ? { ...init.headers, 'X-Forwarded-For': clientIp } : init.headers,
      // Node's global FormData is undici's own; only the type declarations differ.
      body: init.body as never,
      signal: init.signal,
      headersTimeout: UPSTREAM_TIMEOUT_MS,
      bodyTimeout: UPSTREAM_TIMEOUT_MS,
    });
    return { status: res.statusCode, json: () => res.body.json() };
  };
}

/** Query string of defined, non-empty values. */
const queryString = (params?: Record<string, unknown>) =>
  params
    ? new URLSearchParams(
        Object.entries(params)
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';

/** The upstream answered outside the envelope contract (network error, timeout, non-JSON). */
class UpstreamError extends Error {}

// Shapes the pages read. Only the fields they use are typed; the rest passes through.
export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  orgCode: string | null;
  userIdentity: number;
  /** Set while the password was chosen by someone else (generated, imported, reset): change it first. */
  needChangePassword?: boolean;
}
interface LoginResult {
  token: string;
  userInfo: UserInfo;
  role: string[];
}
export interface MenuItem {
  id: string;
  route: '0' | '1';
  path: string;
  name: string;
  hidden?: true;
  alwaysShow?: true;
  component: string | null;
  redirect?: string | null;
  meta: { keepAlive: boolean; internalOrExternal: boolean; title: string; icon?: string; url?: string };
  children?: MenuItem[];
}
export interface PermissionResult {
  menu: MenuItem[];
  auth: { action: string; type: string; describe: string }[];
  allAuth: { action: string; type: string; describe: string; status: string }[];
}
export interface WorkModel {
  id: string;
  workName: string;
  workType: string;
  workType_dictText: string;
  workStatus: string;
  workStatus_dictText: string;
  viewNum: number;
  starNum: number;
  createTime: string;
  userId: string;
  username: string;
  realname: string;
  avatar_url: string | null;
  coverFileKey_url: string | null;
  workFileKey_url: string | null;
}
/** A public comment on a work (/teaching/teachingWork/getWorkComments). */
export interface WorkComment {
  id: string;
  workId: string;
  comment: string;
  userId: string | null;
  realname: string;
  avatar_url: string | null;
  createTime: string;
  /** Whether the caller may delete it. */
  canDelete: boolean;
}
/** An author's public mini profile (/teaching/teachingWork/userInfo). */
export interface AuthorProfile {
  id: string;
  realname: string;
  avatar_url: string | null;
  workCount: number;
}
export interface CourseModel {
  id: string;
  courseName: string;
  courseDesc: string | null;
  courseCover_url: string | null;
  courseType_dictText: string;
  courseCategory_dictText: string;
  /** How many units the course has (getHomeCourse answers it; other course answers may not). */
  unitCount?: number;
}
/** A public news item (资讯); `newsContent` is null in the list. */
export interface NewsModel {
  id: string;
  newsTitle: string;
  newsContent: string | null;
  newsStatus: number;
  createTime: string;
  updateTime: string | null;
}
export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
}
export type SiteConfig = Record<string, string>;
export interface FrontMenuNode {
  id: string;
  route: boolean;
  title: string;
  url: string;
  needLogin: number;
  internalOrExternal: boolean;
  icon?: string;
  children?: FrontMenuNode[];
}

export type LeaderboardParams = {
  pageNo?: number;
  pageSize?: number;
  orderBy?: 'view' | 'time' | 'star';
  workStatus?: number;
  userId?: string;
};

// Announcements and the user's own account (issue 3: notice bell, /isps/userAnnouncement, /account/*).
export interface Announcement {
  id: string;
  titile: string;
  msgContent: string | null;
  msgAbstract: string | null;
  sender: string | null;
  sendTime: string | null;
  createTime: string | null;
  priority: 'L' | 'M' | 'H';
  msgCategory: '1' | '2';
  msgType: 'ALL' | 'USER';
  openType: 'url' | 'component' | null;
  openPage: string | null;
  busId: string | null;
}
export interface AnnouncementSummary {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}
export interface AnnouncementSend {
  id: string;
  anntId: string;
  userId: string;
  readFlag: '0' | '1';
  readTime: string | null;
  titile: string;
  msgContent: string | null;
  msgAbstract: string | null;
  sender: string | null;
  priority: 'L' | 'M' | 'H';
  msgCategory: '1' | '2';
  sendTime: string | null;
  openType: 'url' | 'component' | null;
  openPage: string | null;
}
export interface MyAnnouncementQuery {
  pageNo?: number;
  pageSize?: number;
  titile?: string;
  sender?: string;
  readFlag?: '0' | '1';
}
/** The caller's own editable profile fields (PUT /teaching/user/edit); empty strings clear a field. */
export interface ProfileEdit {
  realname: string;
  sex: string;
  birthday: string;
  email: string;
  phone: string;
  avatar?: string;
}
/** The caller's own account as /teaching/user/info answers it (profile pages). */
export interface ProfileInfo extends UserInfo {
  roles: string[];
  roleList: { code: string; name: string }[];
  sex: number | null;
  birthday: string | null;
  email: string | null;
  phone: string | null;
  school: string | null;
  createTime: string | null;
}
export interface PasswordChange {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export interface RegisterBody {
  username: string;
  password: string;
  confirmpassword: string;
  realname?: string;
  email?: string;
  phone?: string;
  /** The SMS code sent to `phone` (needed for a phone while SMS is configured). */
  smscode?: string;
  captcha: string;
  checkKey: string;
}

/** What a read-only client answers to a call that would change data (nothing is sent). */
const READ_ONLY_REFUSAL = '此请求不能修改数据';

export class Upstream {
  constructor(
    private readonly transport: Transport,
    private readonly token?: string,
    private readonly clientIp?: string,
    private readonly readOnly = false,
    private readonly signal?: AbortSignal,
    private readonly userAgent?: string,
    /** Shared by this client's reads (see shared/request-memo.ts); only clients made for one page request have one. */
    private readonly memo?: RequestMemo,
  ) {}

  /**
   * The same client acting for a visitor: their session token, address and connection (`signal`, aborted when
   * it closes). `readOnly`: only GET calls go through (pages acting on a request that must not change data:
   * HEAD, or not from a page of this site). `userAgent`: the visitor's browser, which the API records with a
   * session it opens (在线用户).
   */
  as(token: string | undefined, clientIp?: string, opts: { readOnly?: boolean; signal?: AbortSignal; userAgent?: string } = {}): Upstream {
    return new Upstream(this.transport, token, clientIp, opts.readOnly ?? false, opts.signal, opts.userAgent?.slice(0, 255), new RequestMemo());
  }

  /**
   * One endpoint of the contract (contracts/), with its typed query and body; the answer has its result type.
   * `params` fill the path's `:name` segments.
   */
  send<Q, B, R>(
    endpoint: Endpoint<Q, B, R>,
    request: { params?: Record<string, string>; query?: Q; body?: B; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: Envelope<R> }> {
    const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? ''));
    return this.call<R>(endpoint.methods[0], path, request.query as Record<string, unknown> | undefined, request.body, request.headers);
  }

  /**
   * An endpoint a declaration names (a list's `api`, a select's `optionsFrom`) sent with `method`, one of its
   * methods; the generic list screens read its answer as `R`.
   */
  sendAs<R>(endpoint: Pick<Endpoint, 'methods' | 'path'>, method: Method, request: { query?: Query; body?: unknown } = {}): Promise<{ status: number; body: Envelope<R> }> {
    if (!endpoint.methods.includes(method)) throw new Error(`${method} ${endpoint.path}: not a method of this endpoint`);
    return this.call<R>(method, endpoint.path, request.query, request.body);
  }

  /** One call of the contract: JSON body, or multipart when `body` is FormData (uploads). Pages use `send`. */
  private async call<T>(method: string, path: string, params?: Record<string, unknown>, body?: unknown, extraHeaders?: Record<string, string>): Promise<{ status: number; body: Envelope<T> }> {
    if (this.readOnly && method !== 'GET') {
      return { status: 403, body: { success: false, message: READ_ONLY_REFUSAL, code: 403, result: null as T, timestamp: Date.now() } };
    }
    const qs = queryString(params);
    const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
    // A client that may write acts for a request a page of this site made (pages/index.ts makes it read-only
    // otherwise), which is what the API's same-origin rule asks of anonymous likes (api/index.ts SAME_ORIGIN_POSTS).
    if (method !== 'GET') headers['Sec-Fetch-Site'] = 'same-origin';
    if (this.token) headers['X-Access-Token'] = this.token;
    if (this.userAgent) headers['User-Agent'] = this.userAgent;
    const multipart = body instanceof FormData;
    if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    // A write starts and leaves a fresh memo (it may end the session or change grants) and is sent without one.
    const write = method !== 'GET';
    if (write) this.memo?.clear();
    let res: Awaited<ReturnType<Transport>>;
    try {
      res = await this.transport(qs ? `${path}?${qs}` : path, {
        method,
        headers,
        body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
        clientIp: this.clientIp,
        signal: this.signal,
        memo: write ? undefined : this.memo,
      });
      return { status: res.status, body: (await res.json()) as Envelope<T> };
    } catch (err) {
      throw new UpstreamError(`upstream ${method} ${path} failed: ${(err as Error).message}`);
    } finally {
      if (write) this.memo?.clear();
    }
  }

  /** A read of the visitor's own (menu, profile, notices) made once per page request, however many parts ask. */
  private sessionRead<T>(path: string) {
    return this.memo && this.token ? this.memo.get(`page ${path} ${this.token}`, () => this.call<T>('GET', path)) : this.call<T>('GET', path);
  }

  private async get<T>(path: string, params?: Record<string, unknown>) {
    return (await this.call<T>('GET', path, params)).body;
  }

  login(username: string, password: string, captcha?: { captcha: string; checkKey: string }) {
    return this.call<LoginResult & { captchaRequired?: boolean }>('POST', '/sys/login', undefined, { username, password, ...captcha });
  }
  /** A new image captcha for `checkKey`: result is its picture as a data URL. */
  captchaImage(checkKey: string) {
    return this.call<string>('GET', `/sys/randomImage/${encodeURIComponent(checkKey)}`);
  }
  register(body: RegisterBody) {
    return this.call<{ username: string } & { errors?: Record<string, string> }>('POST', '/sys/user/register', undefined, body);
  }
  recoveryOptions() {
    return this.get<{ byMail: boolean; byPhone?: boolean }>('/sys/user/recoveryOptions');
  }
  passwordRecovery(body: { account: string; captcha: string; checkKey: string }) {
    return this.call<{ errors?: Record<string, string> } | null>('POST', '/sys/user/passwordRecovery', undefined, body);
  }
  checkResetToken(token: string) {
    return this.call<{ username: string }>('GET', '/sys/user/checkResetToken', { token });
  }
  resetPassword(body: { token: string; password: string; confirmpassword: string }) {
    return this.call<{ username: string } & { errors?: Record<string, string> }>('POST', '/sys/user/resetPassword', undefined, body);
  }
  logout() {
    return this.call<null>('POST', '/sys/logout');
  }
  permissions() {
    return this.sessionRead<PermissionResult>('/sys/permission/getUserPermissionByToken');
  }
  me() {
    return this.sessionRead<UserInfo & { roles: string[]; abilities: UserAbilities }>('/teaching/user/info');
  }
  siteConfig() {
    return this.get<SiteConfig>('/sys/config/getCurrentConfig');
  }
  currentDeparts() {
    return this.get<{ list: Depart[]; orgCode: string | null }>('/sys/user/getCurrentUserDeparts');
  }
  leaderboard(p: LeaderboardParams) {
    return this.get<Page<WorkModel>>('/teaching/teachingWork/leaderboard', p);
  }
  authorInfo(userId: string) {
    return this.get<AuthorProfile>('/teaching/teachingWork/userInfo', { userId });
  }
  workInfo(workId: string) {
    return this.get<WorkModel>('/teaching/teachingWork/studentWorkInfo', { workId });
  }
  /** A like (counted once per visitor per day); `success: false` with 已经点赞过了 when already counted. */
  /** 点赞 (POST); `browser`: the visitor's browser id (shared/visitor-cookie.ts), so that one person counts once. */
  async starWork(workId: string, browser?: string) {
    // The cookie name of shared/visitor-cookie.ts (this client imports nothing of the server).
    const cookie = browser ? { Cookie: `xt_vid=${browser}` } : undefined;
    return (await this.call<{ starNum: number } | null>('POST', '/teaching/teachingWork/starWork', { workId }, undefined, cookie)).body;
  }
  workComments(workId: string, page: number, pageSize: number) {
    return this.get<WorkComment[]>('/teaching/teachingWork/getWorkComments', { workId, page, pageSize });
  }
  saveComment(workId: string, comment: string) {
    return this.call<WorkComment>('POST', '/teaching/teachingWork/saveComment', undefined, { workId, comment });
  }
  deleteComment(id: string) {
    return this.call<null>('DELETE', '/teaching/teachingWork/deleteComment', { id });
  }
  /** Counts a visit of a public work's page that was served without calling workInfo (the page cache). */
  countWorkView(workId: string) {
    return this.call<null>('POST', '/teaching/teachingWork/countView', { workId });
  }
  homeCourses(p: { pageNo?: number; pageSize?: number; courseName?: string; courseCategory?: string; courseType?: string } = {}) {
    return this.get<Page<CourseModel>>('/teaching/teachingCourse/getHomeCourse', p);
  }
  newsList(p: { pageNo?: number; pageSize?: number } = {}) {
    return this.get<Page<NewsModel>>('/teaching/teachingNews/newsList', p);
  }
  newsDetail(id: string) {
    return this.get<NewsModel>('/teaching/teachingNews/newsDetail', { id });
  }
  frontMenu() {
    return this.get<FrontMenuNode[]>('/teaching/menu/getUserMenu');
  }
  dictItems(code: string) {
    return this.get<{ value: string; text: string; title: string }[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`);
  }
  profile() {
    return this.get<ProfileInfo>('/teaching/user/info');
  }
  /** The bell's notices: once per page request too (the shell asks; a screen may have asked first). */
  async noticeSummary() {
    return (await this.sessionRead<AnnouncementSummary>('/sys/annountCement/listByUser')).body;
  }
  announcement(id: string) {
    return this.get<Announcement>('/sys/annountCement/queryById', { id });
  }
  myAnnouncements(p: MyAnnouncementQuery) {
    return this.get<Page<AnnouncementSend>>('/sys/sysAnnouncementSend/getMyAnnouncementSend', { ...p });
  }
  markAnnouncementRead(anntId: string) {
    return this.call<null>('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', undefined, { anntId });
  }
  readAllAnnouncements() {
    return this.call<null>('PUT', '/sys/sysAnnouncementSend/readAll');
  }
  updatePassword(body: PasswordChange) {
    return this.call<null>('PUT', '/sys/user/updatePassword', undefined, body);
  }
  selectDepart(orgCode: string) {
    return this.call<{ userInfo: UserInfo }>('PUT', '/sys/selectDepart', undefined, { orgCode });
  }
  editProfile(body: ProfileEdit) {
    return this.call<null>('PUT', '/teaching/user/edit', undefined, body);
  }
  /** Multipart upload (POST /sys/common/upload); the stored file's key comes back in `message`. */
  upload(file: Blob, fileName: string, biz: string) {
    const form = new FormData();
    form.set('file', file, fileName);
    form.set('biz', biz);
    return this.call<null>('POST', '/sys/common/upload', undefined, form);
  }
}
