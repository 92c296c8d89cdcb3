/** Python source bundled as text (scripts/build.mjs: the worker's turtle module). */
declare module '*.py' {
  const source: string;
  export default source;
}
