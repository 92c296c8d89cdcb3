// The few antd icons the shell draws in the browser (toasts, tab close buttons), as antd renders them.
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import EllipsisOutlined from '@ant-design/icons-svg/es/asn/EllipsisOutlined';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';

const ICONS: Record<string, IconDefinition> = {
  success: CheckCircleFilled,
  error: CloseCircleFilled,
  warning: ExclamationCircleFilled,
  info: InfoCircleFilled,
  close: CloseOutlined,
  ellipsis: EllipsisOutlined,
};

const attrs = (a: Record<string, string>) => Object.keys(a).map((k) => ` ${k}="${a[k]}"`).join('');
const nodes = (ns: AbstractNode[] = []): string => ns.map((n) => `<${n.tag}${attrs(n.attrs)}>${nodes(n.children)}</${n.tag}>`).join('');

/** `<span class="anticon anticon-NAME …"><svg/></span>` for one of the icons above. */
export function iconHtml(name: keyof typeof ICONS | string, extraClass = ''): string {
  const def = ICONS[name];
  if (!def || typeof def.icon === 'function') return '';
  const { attrs: svg, children } = def.icon;
  return `<span role="img" aria-label="${def.name}" class="anticon anticon-${def.name}${extraClass ? ' ' + extraClass : ''}"><svg${attrs(svg)} width="1em" height="1em" fill="currentColor" aria-hidden="true">${nodes(children)}</svg></span>`;
}
