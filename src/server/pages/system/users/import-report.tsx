// 用户管理's import report: the generated initial passwords, shown once (never stored in a cookie or the URL).
import { Alert, LinkButton } from '../../../../templates/antd.js';
import { navAttrs } from '../../../../templates/list/list-view.js';
import { STYLE } from './shared.js';

export interface ImportReport {
  msg?: string;
  errors?: { row: number; message: string }[];
  passwords?: { row: number; username: string; realname: string; password: string }[];
}

/** The import result with the generated initial passwords: shown once, never stored in a cookie or the URL. */
export function ImportReportView({ message, report, warning, back }: { message: string; report: ImportReport; warning: boolean; back: string }) {
  return (
    <section class="ant-card ant-card-bordered app xt-report">
      <style>{STYLE}</style>
      <link rel="stylesheet" href="/static/css/list.css" />
      <div class="ant-card-body">
        <Alert type={warning ? 'warning' : 'success'}>
          {message} {report.msg ?? ''}
        </Alert>
        <h3>新账号的初始密码</h3>
        <p class="xt-muted">以下密码由系统生成，只在此显示一次。请现在记录或打印，分发给学生；学生登录后可在个人设置中修改。</p>
        <table>
          <thead>
            <tr>
              <th>行号</th>
              <th>用户账号</th>
              <th>真实姓名</th>
              <th>初始密码</th>
            </tr>
          </thead>
          <tbody>
            {(report.passwords ?? []).map((p) => (
              <tr>
                <td>{p.row}</td>
                <td>{p.username}</td>
                <td>{p.realname}</td>
                <td>
                  <code>{p.password}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {(report.errors ?? []).length > 0 && (
          <>
            <h3>未导入的行</h3>
            <table>
              <thead>
                <tr>
                  <th>行号</th>
                  <th>原因</th>
                </tr>
              </thead>
              <tbody>
                {(report.errors ?? []).map((e) => (
                  <tr>
                    <td>{e.row}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        <div class="xt-form-actions">
          <LinkButton type="primary" {...navAttrs(back)}>
            返回用户列表
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
