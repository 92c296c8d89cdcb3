// 图形化Python (/python/index.html, work type 4): a Blockly workspace generating Python, the code beside it
// (read-only, updated live), a 文本模式 for older children who write the code themselves, and 运行 / 停止 with
// the Python runtime in a worker (_runner.ts). The shared editor host (../code-host/host.ts) does the rest: URL
// parameters and load priority, drafts in IndexedDB, 保存 / 提交 and the login dialog.
// The saved file is the .py source (with the blocks in a trailing comment line while made of blocks: _format.ts).
import * as Blockly from 'blockly/core';
import 'blockly/blocks';
import { pythonGenerator } from 'blockly/python';
import * as zhHans from 'blockly/msg/zh-hans';
import { createHost } from '../code-host/host';
import { defineBlocks, TOOLBOX } from './_blocks';
import { decodePy, encodePy } from './_format';
import { mountRunner } from './_run-ui';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

interface Boot {
  worker: string;
  media: string;
}
const pyBoot = JSON.parse($('xt-python-boot').textContent || '{}') as Boot;

Blockly.setLocale(zhHans as unknown as Record<string, string>);
defineBlocks();

const workspace = Blockly.inject($('py-blocks'), {
  toolbox: TOOLBOX,
  media: pyBoot.media,
  sounds: false,
  trashcan: true,
  zoom: { controls: true, wheel: true, startScale: 0.9 },
  grid: { spacing: 24, length: 2, colour: '#e6e6e6', snap: true },
  renderer: 'zelos',
});

const codeView = $<HTMLPreElement>('py-code');
const textArea = $<HTMLTextAreaElement>('py-text');
const modeBtn = $<HTMLButtonElement>('py-mode');
const modeNote = $('py-mode-note');
const titleInput = $<HTMLInputElement>('py-title');

/** 'blocks': the code is generated; 'text': the child edits it (the blocks cannot be regenerated from text). */
let mode: 'blocks' | 'text' = 'blocks';
let generated = '';

function generate(): string {
  pythonGenerator.init(workspace);
  const code = pythonGenerator.workspaceToCode(workspace);
  return code;
}

function showCode(code: string) {
  codeView.textContent = code || '# 从左边拖出积木，这里会显示对应的 Python 代码\n';
}

function setMode(next: 'blocks' | 'text') {
  mode = next;
  document.body.dataset.pyMode = next;
  const text = next === 'text';
  textArea.hidden = !text;
  codeView.hidden = text;
  modeBtn.textContent = text ? '积木模式' : '文本模式';
  modeBtn.setAttribute('aria-pressed', String(text));
  modeNote.hidden = !text;
  $('py-blocks-pane').classList.toggle('py-disabled', text);
  Blockly.svgResize(workspace);
}

workspace.addChangeListener((e: Blockly.Events.Abstract) => {
  if (e.isUiEvent || mode !== 'blocks') return;
  generated = generate();
  showCode(generated);
  host.changed();
});

modeBtn.addEventListener('click', () => {
  if (mode === 'blocks') {
    textArea.value = generated;
    setMode('text');
    textArea.focus();
    host.changed();
    return;
  }
  // Back to blocks: text edits cannot become blocks again.
  if (textArea.value.trim() !== generated.trim() && !window.confirm('代码已在文本模式中修改，积木无法从代码还原。回到积木模式会丢弃这些修改，确定吗？')) return;
  setMode('blocks');
  generated = generate();
  showCode(generated);
  host.changed();
});
textArea.addEventListener('input', () => host.changed());
// Tab indents in the code field (4 spaces, Python's custom) instead of leaving it.
textArea.addEventListener('keydown', (e) => {
  if (e.key !== 'Tab' || e.shiftKey || e.ctrlKey || e.altKey) return;
  e.preventDefault();
  textArea.setRangeText('    ', textArea.selectionStart, textArea.selectionEnd, 'end');
  host.changed();
});
titleInput.addEventListener('input', () => host.changed());

const currentCode = () => (mode === 'text' ? textArea.value : generated);

function projectText(): string {
  return mode === 'text' ? encodePy(textArea.value, null) : encodePy(generated, Blockly.serialization.workspaces.save(workspace));
}

/** Opens a saved file: its blocks when the code is still theirs, else its code in text mode. */
function load(text: string) {
  const { code, workspace: ws } = decodePy(text);
  Blockly.Events.disable();
  try {
    workspace.clear();
    if (ws) Blockly.serialization.workspaces.load(ws, workspace);
  } catch {
    workspace.clear();
  } finally {
    Blockly.Events.enable();
  }
  generated = generate();
  if ((ws && generated.trim() === code.trim()) || (!ws && !code.trim())) setMode('blocks');
  else {
    // Code that is not (or no longer) the blocks' own: it opens as text.
    textArea.value = code;
    setMode('text');
  }
  showCode(generated);
}

const defaultTitle = (u: { realname: string; username: string } | null) => (u ? `${u.realname || u.username}的Python作品` : 'Python作品');

const host = createHost({
  draftDb: 'xt-python',
  workType: '4',
  uploadBiz: 'python',
  fileExt: 'py',
  defaultTitle,
  project: () => Promise.resolve(new Blob([projectText()], { type: 'text/x-python' })),
  cover: () => Promise.resolve(null),
  title: () => titleInput.value,
});

const runner = mountRunner(pyBoot.worker, (line) => {
  // An error's line: shown in the code (text mode: the cursor goes there).
  if (mode === 'text') {
    const lines = textArea.value.split('\n');
    const start = lines.slice(0, line - 1).join('\n').length + (line > 1 ? 1 : 0);
    textArea.focus();
    textArea.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
  } else highlightLine(line);
});
$('py-run').addEventListener('click', () => {
  highlightLine(0);
  void runner.run(currentCode());
});

function highlightLine(line: number) {
  const text = codeView.textContent || '';
  if (!line) {
    codeView.textContent = text;
    return;
  }
  const lines = text.split('\n');
  codeView.textContent = '';
  lines.forEach((l, i) => {
    const span = document.createElement('span');
    span.textContent = l + (i < lines.length - 1 ? '\n' : '');
    if (i === line - 1) span.className = 'py-error-line';
    codeView.append(span);
  });
}

void (async () => {
  const opened = await host.open();
  if (opened.source.data) load(new TextDecoder().decode(opened.source.data));
  else {
    generated = generate();
    showCode(generated);
  }
  titleInput.value = opened.source.title;
  host.ready(opened);
})();
