// The run area the editor and the player share: the stage (canvas + turtles), the output, the prompt field that
// answers input(), and 运行 / 停止 with the run's state. The markup is the server's (templates/python.tsx).
import { PythonRunner } from './_runner';
import { Stage } from './_stage';

const MAX_OUTPUT = 100_000; // characters kept in the output (an endless print loop must not grow it forever)

export function mountRunner(workerUrl: string, onErrorLine?: (line: number) => void) {
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const out = $<HTMLPreElement>('py-output');
  const state = $('py-state');
  const runBtn = $<HTMLButtonElement>('py-run');
  const stopBtn = $<HTMLButtonElement>('py-stop');
  const askForm = $<HTMLFormElement>('py-ask');
  const askLabel = $('py-ask-label');
  const askInput = $<HTMLInputElement>('py-ask-input');
  const stage = new Stage($<HTMLCanvasElement>('py-canvas'), $<HTMLCanvasElement>('py-sprites'));

  let answer: ((v: string) => void) | null = null;
  askForm.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!answer) return;
    const v = askInput.value;
    out.append(`${v}\n`);
    askForm.hidden = true;
    const r = answer;
    answer = null;
    r(v);
  });
  const hideAsk = () => {
    askForm.hidden = true;
    answer = null;
  };

  const setState = (text: string, kind: string) => {
    state.textContent = text;
    state.dataset.kind = kind;
  };

  const runner = new PythonRunner(workerUrl, {
    stage,
    print(text) {
      out.append(text);
      const t = out.textContent || '';
      if (t.length > MAX_OUTPUT) out.textContent = t.slice(t.length - MAX_OUTPUT);
      out.scrollTop = out.scrollHeight;
    },
    ask(prompt) {
      out.append(prompt);
      askLabel.textContent = prompt || '请输入';
      askInput.value = '';
      askForm.hidden = false;
      askInput.focus();
      setState('等待输入……', 'busy');
      return new Promise<string>((resolve) => {
        answer = (v) => {
          setState('运行中……', 'busy');
          resolve(v);
        };
      });
    },
    state(s, d) {
      const running = s === 'loading' || s === 'running';
      runBtn.disabled = running;
      stopBtn.disabled = !running;
      document.body.dataset.pyRun = s;
      if (!running) hideAsk();
      if (s === 'loading') setState('正在准备 Python……', 'busy');
      else if (s === 'running') setState('运行中……', 'busy');
      else if (s === 'done') setState('运行结束', 'ok');
      else if (s === 'stopped') setState('已停止', 'info');
      else if (s === 'error') {
        setState('程序出错', 'error');
        const line = document.createElement('span');
        line.className = 'py-out-error';
        line.textContent = `${d?.error ?? '运行出错'}\n`;
        out.append(line);
        out.scrollTop = out.scrollHeight;
        if (d?.line) onErrorLine?.(d.line);
      } else if (s === 'ready') setState('', 'info');
    },
  });

  stopBtn.addEventListener('click', () => runner.stop());
  // The runtime loads while the child looks at the page; its time is kept for the benchmarks.
  void runner.warm().then(
    (ms) => {
      document.body.dataset.pyWorkerMs = String(ms);
      document.body.dataset.pyWorker = 'ready';
    },
    () => setState('Python 运行环境加载失败，请刷新页面重试', 'error'),
  );

  return {
    run(code: string) {
      out.textContent = '';
      return runner.run(code);
    },
    stage,
  };
}
