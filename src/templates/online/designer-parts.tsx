// What the two 在线开发 designers (在线报表配置, 在线表单开发) share: a titled section around a grid, and the dialog's
// footer — 关闭 back to the list and 确定 submitting the designer's one form (the form sits in the dialog body, the
// footer outside it, hence `form=`).
import { Button, LinkButton } from '../antd.js';

export function DesignerSection({ title, children }: { title: string; children: unknown }) {
  return (
    <section class="xt-designer-section" aria-label={title}>
      <h3 class="xt-designer-title">{title}</h3>
      {children}
    </section>
  );
}

export function DesignerFooter({ back, formId }: { back: string; formId: string }) {
  return (
    <>
      <LinkButton href={back} hx-get={back} hx-target="#content" hx-push-url="true">
        关闭
      </LinkButton>
      <Button type="primary" htmlType="submit" form={formId} name="action" value="save">
        确定
      </Button>
    </>
  );
}
