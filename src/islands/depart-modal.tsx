// 部门切换 (reference §1.11 DepartSelect; SPEC §4, §5): loads GET /api/sys/user/getCurrentUserDeparts first
// and opens only then; no departments → warning 您尚未设置部门信息! and nothing opens. Width 450, title
// 部门切换（当前部门 : name）, a select (placeholder 请选择登录部门) preset to the current department;
// 确认 with nothing chosen puts the select in its error state, without text; PUT /api/sys/selectDepart
// {orgCode}. Everything resets when the dialog closes (it is rebuilt on the next open).
import ClusterOutlined from '@ant-design/icons/es/icons/ClusterOutlined';
import { Avatar, Button, Modal, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { api } from './account/api.js';
import { renderDetached, toast } from './account/ui.js';

interface Depart {
  id: string;
  orgCode: string;
  departName: string;
}

function DepartModal({ list, current, onClose }: { list: Depart[]; current: string | null; onClose(): void }) {
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState<string | undefined>(list.some((d) => d.orgCode === current) ? current! : undefined);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const currentName = list.find((d) => d.orgCode === current)?.departName;
  const confirm = async () => {
    if (!value) {
      setInvalid(true);
      return;
    }
    setBusy(true);
    try {
      const res = await api('PUT', '/sys/selectDepart', { orgCode: value });
      if (res.success) {
        setOpen(false);
        document.dispatchEvent(new CustomEvent('xt:depart-changed', { detail: { orgCode: value } }));
        await toast('success', `已切换到${list.find((d) => d.orgCode === value)?.departName ?? '所选部门'}`);
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
      title={currentName ? `部门切换（当前部门 : ${currentName}）` : '部门切换'}
      width={450}
      closable={false}
      maskClosable
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={() => setOpen(false)}>
          关闭
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={confirm}>
          确认
        </Button>,
      ]}
    >
      <div className="xt-depart-select">
        <Tooltip title="您隶属于多部门，请选择当前所在部门">
          <Avatar size="large" icon={<ClusterOutlined />} style={{ backgroundColor: '#faad14' }} />
        </Tooltip>
        <Select
          className={invalid ? 'valid-error' : undefined}
          status={invalid ? 'error' : undefined}
          placeholder="请选择登录部门"
          value={value}
          allowClear
          onChange={(v?: string) => {
            setValue(v ?? undefined);
            if (v) setInvalid(false);
          }}
          options={list.map((d) => ({ value: d.orgCode, label: d.departName }))}
          style={{ flex: 1 }}
          aria-label="请选择登录部门"
        />
      </div>
    </Modal>
  );
}

let openNow = false;

export async function open(): Promise<void> {
  if (openNow) return;
  openNow = true;
  let res: Awaited<ReturnType<typeof api<{ list: Depart[]; orgCode: string | null }>>>;
  try {
    res = await api<{ list: Depart[]; orgCode: string | null }>('GET', '/sys/user/getCurrentUserDeparts');
  } catch (err) {
    openNow = false;
    await toast('warning', (err as Error).message);
    return;
  }
  if (!res.success) {
    openNow = false;
    await toast('warning', res.message);
    return;
  }
  const list = res.result?.list ?? [];
  if (list.length === 0) {
    openNow = false;
    await toast('warning', '您尚未设置部门信息!');
    return;
  }
  const remove = renderDetached(
    <DepartModal
      list={list}
      current={res.result.orgCode}
      onClose={() => {
        openNow = false;
        remove();
      }}
    />,
  );
}

/** Island contract: an element `data-island="depart-modal"` opens the dialog when activated. */
export function mount(): void {
  void open();
}
