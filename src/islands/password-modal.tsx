// 修改密码 (reference §1.11 UserPassword; SPEC §5): width 800, 旧密码 / 新密码 / 确认新密码 with the spec's
// messages; PUT /api/sys/user/updatePassword with the session cookie. Success shows the server's message and
// closes; a refusal is shown as a warning and the dialog stays. Without a logged-in user it only warns
// 当前系统无登陆用户!.
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { api } from './account/api.js';
import { renderDetached, toast } from './account/ui.js';

export interface PasswordModalProps {
  username?: string | null;
}

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

function PasswordModal({ username, onClose }: { username: string; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const res = await api('PUT', '/sys/user/updatePassword', { username, ...values });
      if (res.success) {
        await toast('success', res.message);
        setOpen(false);
      } else {
        await toast('warning', res.message);
      }
    } catch (err) {
      await toast('warning', (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title="修改密码"
      width={800}
      className="xt-password-modal"
      okText="确定"
      cancelText="关闭"
      confirmLoading={busy}
      onOk={submit}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} onFinish={submit} autoComplete="off">
        <Form.Item label="旧密码" name="oldpassword" rules={[{ required: true, message: '请输入旧密码!' }]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={[{ required: true, message: '请输入新密码!' }]}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: '请确认新密码!' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一样！')),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}

let openNow = false;

/** Opens the dialog for the logged-in user; warns when there is none. */
export function open(props: PasswordModalProps = {}): void {
  if (!props.username) {
    void toast('warning', '当前系统无登陆用户!');
    return;
  }
  if (openNow) return;
  openNow = true;
  const remove = renderDetached(
    <PasswordModal
      username={props.username}
      onClose={() => {
        openNow = false;
        remove();
      }}
    />,
  );
}

/** Island contract: an element `data-island="password-modal"` opens the dialog when activated. */
export function mount(_el: HTMLElement, props: PasswordModalProps | undefined): void {
  open(props ?? {});
}
