// /account/center and /account/settings/{base,security,custom,binding,notification}: the user's own account.
// Data and changes go through the upstream client (GET /teaching/user/info, PUT /teaching/user/edit,
// POST /sys/common/upload, PUT /sys/user/updatePassword, PUT /sys/selectDepart). Forms validate on the
// server; a refused form comes back with every field's message and the values the user typed.
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  AccountCenterView,
  BaseSettingsView,
  BindingSettingsView,
  CustomSettingsView,
  NotificationSettingsView,
  SecuritySettingsView,
  SETTINGS_TITLES,
  type BaseErrors,
  type BaseValues,
  type PasswordErrors,
} from '../../templates/account/account.js';
import { PASSWORD_CHANGE_REQUIRED, passwordProblem } from '../shared/password-policy.js';
import type { ProfileInfo } from '../upstream/client.js';
import type { PageEnv } from './context.js';
import { backToList } from './list-page.js';
import { setFlash, takeFlash } from './flash.js';
import { shellPage } from './shell-page.js';
import { myWorksSection } from './teaching/works.js';

const CENTER = '/account/center';
const MAX_UPLOAD = 10 * 1024 * 1024;
const TOO_LARGE = '文件大小超出10MB限制';

const field = (form: Record<string, unknown>, k: string, max = 200) => (typeof form[k] === 'string' ? (form[k] as string).slice(0, max) : '');

function baseValues(me: ProfileInfo): BaseValues {
  return {
    realname: me.realname ?? '',
    sex: me.sex === null || me.sex === undefined ? '' : String(me.sex),
    birthday: me.birthday ?? '',
    email: me.email ?? '',
    phone: me.phone ?? '',
    avatar: me.avatar ?? '',
  };
}

/** SPEC §5's password rules and the password policy, so each field shows its message (the API checks again). */
function passwordErrors(f: { oldpassword: string; password: string; confirmpassword: string }): PasswordErrors {
  const e: PasswordErrors = {};
  if (!f.oldpassword) e.oldpassword = '请输入旧密码!';
  const weak = f.password ? passwordProblem(f.password) : null;
  if (!f.password) e.password = '请输入新密码!';
  else if (weak) e.password = weak;
  if (!f.confirmpassword) e.confirmpassword = '请确认新密码!';
  else if (f.password !== f.confirmpassword) e.confirmpassword = '两次输入的密码不一样！';
  return e;
}

async function profileOr(c: Context<PageEnv>): Promise<ProfileInfo | null> {
  const res = await c.get('upstream').profile();
  return res.success ? res.result : null;
}

export function registerAccountPages(app: Hono<PageEnv>) {
  app.get(CENTER, (c) =>
    // Titled as its menu entry (我的作品) for its tab and window, like the anchor's route; the user menu's
    // 个人中心 link opens the same page.
    shellPage(c, { current: CENTER, title: '我的作品', open: true }, async (session) => {
      const up = c.get('upstream');
      const [me, departs, works, mine] = await Promise.all([
        up.profile(),
        up.currentDeparts(),
        up.leaderboard({ userId: session.user.id, pageNo: 1, pageSize: 1 }).catch(() => null),
        myWorksSection(c),
      ]);
      const profile = me.success ? me.result : ({ ...session.user, roleList: [], sex: null, birthday: null, email: null, phone: null, school: null, createTime: null } as ProfileInfo);
      return (
        <AccountCenterView
          me={profile}
          departs={departs.success ? departs.result.list : []}
          currentOrg={departs.success ? departs.result.orgCode : null}
          publicWorks={works && works.success ? works.result.total : null}
          flash={takeFlash(c)}
          works={mine}
        />
      );
    }),
  );

  // Department switch without JavaScript (the user menu's 切换部门 dialog does the same with PUT /sys/selectDepart).
  app.post(`${CENTER}/depart`, async (c) => {
    const form = await c.req.parseBody();
    const orgCode = field(form, 'orgCode', 64);
    const res = await c.get('upstream').selectDepart(orgCode);
    setFlash(c, res.body.success ? { type: 'success', text: '部门切换成功' } : { type: 'error', text: res.body.message || '部门切换失败' });
    return backToList(c, CENTER);
  });

  app.get('/account/settings', (c) => c.redirect('/account/settings/base'));

  const settingsPage = (c: Context<PageEnv>, tab: keyof typeof SETTINGS_TITLES, body: Parameters<typeof shellPage>[2], status: 200 | 400 = 200) =>
    shellPage(c, { current: `/account/settings/${tab}`, title: SETTINGS_TITLES[tab], open: true }, body, status);

  app.get('/account/settings/base', (c) =>
    settingsPage(c, 'base', async (session) => {
      const me = (await profileOr(c)) ?? (session.user as unknown as ProfileInfo);
      return <BaseSettingsView me={me} values={baseValues(me)} errors={{}} flash={takeFlash(c)} />;
    }),
  );

  app.post(
    '/account/settings/base',
    bodyLimit({
      maxSize: MAX_UPLOAD + 256 * 1024,
      onError: async (c) => {
        // Too large to read: answer with the form as it was, and the size message beside the picture.
        const ctx = c as unknown as Context<PageEnv>;
        return settingsPage(
          ctx,
          'base',
          async (session) => {
            const me = (await profileOr(ctx)) ?? (session.user as unknown as ProfileInfo);
            return <BaseSettingsView me={me} values={baseValues(me)} errors={{ avatarFile: TOO_LARGE }} message="保存失败：头像文件过大" />;
          },
          400,
        );
      },
    }),
    async (c) => {
      const form = await c.req.parseBody();
      const values: BaseValues = {
        realname: field(form, 'realname', 200),
        sex: field(form, 'sex', 10),
        birthday: field(form, 'birthday', 20),
        email: field(form, 'email', 200),
        phone: field(form, 'phone', 50),
        avatar: field(form, 'avatar', 300),
      };
      const up = c.get('upstream');
      const errors: BaseErrors = {};
      const file = form.avatarFile;
      if (file instanceof File && file.size > 0) {
        if (file.size > MAX_UPLOAD) errors.avatarFile = TOO_LARGE;
        else {
          const res = await up.upload(file, file.name || 'avatar', 'avatar');
          // Kept in the hidden field, so a refusal of another field does not lose the uploaded picture.
          if (res.body.success) values.avatar = res.body.message;
          else errors.avatarFile = res.body.message || '头像上传失败';
        }
      }
      let message: string | undefined;
      if (!errors.avatarFile) {
        const res = await up.editProfile(values);
        if (res.body.success) {
          setFlash(c, { type: 'success', text: res.body.message || '修改成功!' });
          return backToList(c, '/account/settings/base');
        }
        const fieldErrs = (res.body.result as { errors?: BaseErrors } | null)?.errors;
        if (fieldErrs) Object.assign(errors, fieldErrs);
        else message = res.body.message || '保存失败';
      }
      return settingsPage(
        c,
        'base',
        async (session) => {
          const me = (await profileOr(c)) ?? (session.user as unknown as ProfileInfo);
          return <BaseSettingsView me={me} values={values} errors={errors} message={message ?? (Object.keys(errors).length ? '请修正标红的项目后再保存' : undefined)} />;
        },
        400,
      );
    },
  );

  app.get('/account/settings/security', (c) =>
    settingsPage(c, 'security', (session) => (
      <SecuritySettingsView
        errors={{}}
        flash={takeFlash(c)}
        message={session.user.needChangePassword ? PASSWORD_CHANGE_REQUIRED : undefined}
        username={session.user.username}
      />
    )),
  );

  app.post('/account/settings/security', async (c) => {
    const form = await c.req.parseBody();
    const body = {
      oldpassword: field(form, 'oldpassword'),
      password: field(form, 'password'),
      confirmpassword: field(form, 'confirmpassword'),
    };
    const errors = passwordErrors(body);
    let message: string | undefined;
    if (Object.keys(errors).length === 0) {
      const res = await c.get('upstream').updatePassword(body);
      if (res.body.success) {
        setFlash(c, { type: 'success', text: res.body.message || '密码修改成功' });
        return backToList(c, '/account/settings/security');
      }
      message = res.body.message || '密码修改失败';
    }
    return settingsPage(c, 'security', (session) => <SecuritySettingsView errors={errors} message={message} username={session.user.username} />, 400);
  });

  app.get('/account/settings/custom', (c) => settingsPage(c, 'custom', () => <CustomSettingsView />));
  app.get('/account/settings/notification', (c) => settingsPage(c, 'notification', () => <NotificationSettingsView />));
  app.get('/account/settings/binding', (c) =>
    settingsPage(c, 'binding', async (session) => {
      const me = (await profileOr(c)) ?? (session.user as unknown as ProfileInfo);
      return <BindingSettingsView me={me} />;
    }),
  );
}
