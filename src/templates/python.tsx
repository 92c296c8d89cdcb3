// The run area of the 图形化Python pages (editor and player): 运行 / 停止, the stage (two canvases: drawing and the
// turtles above it), the prompt field that answers input(), and the output. Driven by src/islands/python/_run-ui.ts.
export function PythonRunArea({ runLabel = '运行' }: { runLabel?: string }) {
  return (
    <section class="py-run" aria-label="运行">
      <div class="py-run-bar">
        <button type="button" class="py-btn py-btn-run" id="py-run">
          ▶ {runLabel}
        </button>
        <button type="button" class="py-btn py-btn-stop" id="py-stop" disabled>
          ■ 停止
        </button>
        <span class="py-state" id="py-state" role="status" aria-live="polite" />
      </div>
      <div class="py-stage">
        <canvas id="py-canvas" width="480" height="360" aria-label="海龟画布" />
        <canvas id="py-sprites" width="480" height="360" aria-hidden="true" />
      </div>
      <form class="py-ask" id="py-ask" hidden>
        <label for="py-ask-input" id="py-ask-label">
          请输入
        </label>
        <input id="py-ask-input" autocomplete="off" />
        <button type="submit" class="py-btn">
          确定
        </button>
      </form>
      <pre class="py-output" id="py-output" aria-label="输出" aria-live="polite" />
    </section>
  );
}
