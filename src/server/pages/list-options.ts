// What a screen tells registerListPage beyond its declaration (list-page.tsx), and how a screen whose declaration
// is made per request (a generated form's, /online/cgformList/{code}) hands it over: a resolver.
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { FieldSpec, FormSpec, ListSpec } from '../resources/spec.js';
import type { Query } from '../resources/url-state.js';
import type { ControlContext } from '../../templates/list/form-view.js';
import type { RowExtra } from '../../templates/list/list-view.js';
import type { Upstream } from '../upstream/client.js';
import type { PageEnv, PageSession } from './context.js';

/**
 * Uploads one chosen file of an upload field and answers its stored key in `message`; by default the checked
 * generic upload (POST /sys/common/upload into the field's folder).
 */
export type Uploader = (up: Upstream, file: File, field: FieldSpec) => Promise<{ body: { success: boolean; message: string } }>;

export interface FormButton {
  key: string;
  label: string;
  run: (c: Context<PageEnv>, body: Record<string, unknown>, id?: string) => Promise<{ type: 'success' | 'error'; text: string }>;
}

export interface ListPageOptions {
  spec: ListSpec;
  form?: FormSpec;
  /** Menu route the screen belongs to when its own route is a sub-page (menu highlight, breadcrumb). */
  current?: string;
  /**
   * When the user's menu lacks the screen's route, it belongs to this one instead (ShellPageOptions.fallback): a
   * generated form's screen opened from 在线表单开发 before a menu entry names it.
   */
  fallback?: string;
  /**
   * The page the screen's `back` links lead to when it is not its own route: a part of another page (a sub table's
   * form and delete under its main list, /online/cgformErpList/{code}). Default: the screen's route.
   */
  home?: string;
  /** Said after the delete confirmation's question, e.g. that a tree row's subtree goes with it. */
  deleteNote?: string;
  /** The row action 详情 opens the form read-only at `${route}/detail?id=` (screens without a detail page of their own). */
  detailForm?: boolean;
  /** Values for the edit form beyond the record itself (e.g. a user's role ids). */
  loadValues?: (up: Upstream, id: string, record: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** Turns submitted form fields into the add/edit JSON body (default: by field type). */
  toBody?: (form: Record<string, string | string[]>, fields: FieldSpec[]) => Record<string, unknown>;
  /**
   * Answers an import instead of the default flash-and-back (e.g. to show generated passwords once);
   * returning null keeps the default.
   */
  importResult?: (
    c: Context<PageEnv>,
    res: { status: number; body: { success: boolean; message: string; code: number; result: unknown } },
    back: string,
  ) => Promise<Response | null> | Response | null;
  /** A screen's own rendering of some columns, by column key (the session decides e.g. which buttons show). */
  cells?: (session: PageSession) => Record<string, (record: Record<string, unknown>, back: string) => Child>;
  /** Row actions beyond the declaration's (links to other sites or new tabs, per-record dialogs). */
  rowExtra?: (session: PageSession) => (record: Record<string, unknown>, back: string) => RowExtra;
  /** Values of a new record taken from the form URL's query (e.g. 添加下级: `pid`), checked by the API on save. */
  addValues?: (query: Record<string, string>) => Record<string, unknown>;
  /** Titles of the form by mode (default 新增 / 编辑 / 详情), e.g. 批改 for a grading form. */
  formTitles?: Partial<Record<'add' | 'edit' | 'detail', string>>;
  /**
   * The opened rows' content below them, across the table (ListView.rowDetail), read for the page's records: by
   * row id (e.g. /online/cgformInnerTableList's sub rows of the rows opened in the URL).
   */
  rowDetails?: (c: Context<PageEnv>, records: Record<string, unknown>[], state: Query) => Promise<Record<string, Child>>;
  /** What the table says when the list state (filters, tab) finds no rows; undefined keeps 暂无数据. */
  empty?: (state: Query) => Child | undefined;
  /** Content shown under the table. */
  extra?: (c: Context<PageEnv>, session: PageSession) => Promise<Child> | Child;
  /**
   * A panel beside the list (e.g. a tree whose selection is one of the list's hidden filters); the list stacks
   * below it on narrow screens. Gets the list state from the URL.
   */
  aside?: (c: Context<PageEnv>, session: PageSession, state: Query) => Promise<Child> | Child;
  /** Data the custom controls need, loaded before the form renders (e.g. the names of chosen users). */
  prepareForm?: (c: Context<PageEnv>, args: { mode: 'add' | 'edit' | 'detail'; id?: string; values: Record<string, unknown> }) => Promise<Record<string, unknown>>;
  /**
   * Uploads one chosen file of an upload field (Uploader); screens whose files are stored differently
   * (Scratch素材库: by content, as the editor names them) give their own.
   */
  uploader?: Uploader;
  /** A screen's own control for a field; undefined keeps the default one. `data` is what prepareForm loaded. */
  renderControl?: (f: FieldSpec, ctx: ControlContext & { data: Record<string, unknown> }) => Child | undefined;
  /** Content beside the form (the dialog widens to `form.asideWidth`; stacked on phones), e.g. the work being graded. */
  formAside?: (c: Context<PageEnv>, args: { mode: 'add' | 'edit' | 'detail'; id?: string; values: Record<string, unknown> }) => Child | undefined;
  /** API error keys that belong beside a form field (e.g. `teachingWorkCorrectList` → `score`). */
  errorFields?: Record<string, string>;
  /**
   * Buttons inside the form that answer in place instead of saving (测试连接): the form again, as typed, with the
   * button's result beside it. `run` gets the body a save would send and the record's id when editing.
   */
  formButtons?: FormButton[];
}

/** The options of the screen a request is for, or the answer when there is none (a generated form's screen: 403, 404 …). */
export type ResolveOptions = (c: Context<PageEnv>) => Promise<ListPageOptions | Response> | ListPageOptions | Response;
