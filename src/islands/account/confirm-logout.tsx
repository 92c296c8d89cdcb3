// 退出登录 (reference §1.11): confirm 提示 / 真的要注销登录吗 ? — then POST /user/logout, which ends the
// session, clears the cookie and goes to the root.
import { feedbackApi } from './ui.js';

export async function confirmLogout(form: HTMLFormElement): Promise<void> {
  const { modal } = await feedbackApi();
  modal.confirm({
    title: '提示',
    content: '真的要注销登录吗 ?',
    okText: '确定',
    cancelText: '取消',
    onOk: () => {
      form.submit();
      // Keep the dialog busy until the browser leaves the page.
      return new Promise(() => {});
    },
  });
}
