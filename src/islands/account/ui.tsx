// React plumbing shared by the account islands: the antd theme every island uses (the statically extracted
// CSS, no runtime style injection), React roots in containers of their own, and one holder for antd's
// message and modal.confirm APIs (they need a place in a tree under the ConfigProvider).
import { App, ConfigProvider, Modal, message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import { useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type {} from '../globals';

/** Must equal scripts/extract-antd-css.tsx's STATIC_THEME (plus zeroRuntime: the CSS is already on the page). */
const ISLAND_THEME = { hashed: false, cssVar: { key: 'app' }, zeroRuntime: true } as const;

function Provider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={ISLAND_THEME} button={{ autoInsertSpace: false }}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}

/** Renders `node` into a new container appended to <body>; returns the function that removes it again. */
export function renderDetached(node: ReactNode): () => void {
  const host = document.createElement('div');
  host.className = 'xt-island-host';
  document.body.appendChild(host);
  const root = createRoot(host);
  root.render(<Provider>{node}</Provider>);
  return () => {
    root.unmount();
    host.remove();
  };
}

export function renderInto(el: HTMLElement, node: ReactNode): Root {
  const root = createRoot(el);
  root.render(<Provider>{node}</Provider>);
  return root;
}

interface Feedback {
  message: MessageInstance;
  modal: ModalHookAPI;
}

let feedback: Promise<Feedback> | null = null;

/** antd message and modal APIs, rendered once per page under our ConfigProvider. */
export function feedbackApi(): Promise<Feedback> {
  if (!feedback) {
    feedback = new Promise((resolve) => {
      function Holder() {
        const [messageApi, messageHolder] = message.useMessage({ duration: 3 });
        const [modalApi, modalHolder] = Modal.useModal();
        useEffect(() => resolve({ message: messageApi, modal: modalApi }), [messageApi, modalApi]);
        return (
          <>
            {messageHolder}
            {modalHolder}
          </>
        );
      }
      renderDetached(<Holder />);
    });
  }
  return feedback;
}

export async function toast(kind: 'success' | 'warning' | 'error' | 'info', text: string): Promise<void> {
  (await feedbackApi()).message[kind](text);
}

export { navigate } from './navigate.js';
